/** The management cluster's additionalOperators: any OLM package, planned and checked as the built-in operators are. */
import { checkManagementCluster } from '../../lib';
import type { ManagementClusterProps } from '../../lib';

const none: ManagementClusterProps = { platforms: ['None'] };
const gitops = { package: 'openshift-gitops-operator', namespace: 'openshift-gitops-operator', channel: 'latest', targetNamespaces: 'AllNamespaces' as const };

const plan = (props: ManagementClusterProps) => checkManagementCluster(props).plan!;
const findings = (props: unknown) => checkManagementCluster(props).issues.map((i) => `${i.severity} ${i.path}: ${i.message}`);
/** The objects beside the multicluster engine's, as `wave Kind namespace/name`. */
const added = (props: ManagementClusterProps) =>
  plan(props)
    .objects.filter((o) => o.object.metadata.namespace !== 'multicluster-engine' && o.object.metadata.name !== 'multicluster-engine' && o.object.kind !== 'MultiClusterEngine')
    .map((o) => `${o.phase.wave} ${o.object.kind} ${o.object.metadata.namespace ?? ''}/${o.object.metadata.name}`);

describe('additionalOperators', () => {
  test('Namespace, OperatorGroup and Subscription in the operators wave, the Subscription after its OperatorGroup, ready at AtLatestKnown', () => {
    const props = { ...none, additionalOperators: [gitops] };
    expect(added(props)).toEqual([
      '-3 Namespace /openshift-gitops-operator',
      '-3 OperatorGroup openshift-gitops-operator/openshift-gitops-operator',
      '-3 Subscription openshift-gitops-operator/openshift-gitops-operator',
    ]);
    const [, group, subscription] = plan(props).objects.filter((o) => o.object.metadata.namespace === 'openshift-gitops-operator' || o.object.metadata.name === 'openshift-gitops-operator');
    expect((group.object as { spec?: unknown }).spec).toEqual({});
    expect((subscription.object as { spec?: unknown }).spec).toEqual({
      name: 'openshift-gitops-operator',
      channel: 'latest',
      source: 'redhat-operators',
      sourceNamespace: 'openshift-marketplace',
      installPlanApproval: 'Automatic',
    });
    expect(subscription.readiness).toEqual({ kind: 'jsonpath', path: '.status.state', value: 'AtLatestKnown' });
    expect(subscription.dependsOn).toEqual(['operators.coreos.com/OperatorGroup/openshift-gitops-operator/openshift-gitops-operator']);
    expect(findings(props)).toEqual([]);
  });

  test('its own namespace by default; openshift-operators uses the OperatorGroup every cluster has', () => {
    const own = plan({ ...none, additionalOperators: [{ package: 'cert-manager-operator', namespace: 'cert-manager-operator', channel: 'stable-v1', startingCSV: 'cert-manager-operator.v1.14.0' }] });
    const group = own.objects.find((o) => o.object.kind === 'OperatorGroup' && o.object.metadata.namespace === 'cert-manager-operator')!;
    expect((group.object as { spec?: unknown }).spec).toEqual({ targetNamespaces: ['cert-manager-operator'] });
    expect(own.objects.find((o) => o.object.kind === 'Subscription' && o.object.metadata.namespace === 'cert-manager-operator')!.object).toMatchObject({ spec: { startingCSV: 'cert-manager-operator.v1.14.0' } });
    expect(added({ ...none, additionalOperators: [{ package: 'servicemeshoperator3', namespace: 'openshift-operators', channel: 'stable' }] })).toEqual(['-3 Subscription openshift-operators/servicemeshoperator3']);
    expect(findings({ ...none, additionalOperators: [{ package: 'servicemeshoperator3', namespace: 'openshift-operators', channel: 'stable', targetNamespaces: ['a'] }] })).toEqual([
      'error additionalOperators[0].targetNamespaces: openshift-operators has the OperatorGroup global-operators, which targets all namespaces; a second one would fail the operators there.',
    ]);
  });

  test('two operators of one namespace share its Namespace and OperatorGroup, and must ask for the same one', () => {
    const second = { package: 'argocd-image-updater', namespace: 'openshift-gitops-operator', channel: 'alpha', targetNamespaces: 'AllNamespaces' as const };
    expect(added({ ...none, additionalOperators: [gitops, second] }).filter((o) => !o.includes('Subscription'))).toEqual([
      '-3 Namespace /openshift-gitops-operator',
      '-3 OperatorGroup openshift-gitops-operator/openshift-gitops-operator',
    ]);
    expect(findings({ ...none, additionalOperators: [gitops, { ...second, targetNamespaces: undefined }, { ...gitops }] })).toEqual([
      'error additionalOperators[1]: openshift-gitops-operator has one OperatorGroup, planned with additionalOperators[0]; this operator asks for another (operatorGroup, targetNamespaces or namespaceLabels differ). OLM fails every operator of a namespace with two OperatorGroups.',
      'error additionalOperators[2].package: openshift-gitops-operator is subscribed to twice in openshift-gitops-operator (additionalOperators[0]).',
    ]);
  });

  test('its catalog: one of catalogSources is waited for, a Red Hat catalog is there, any other is a warning, one OLM cannot read an error', () => {
    const props: ManagementClusterProps = {
      ...none,
      catalogSources: [{ name: 'mirror', image: 'mirror.example.com/redhat/redhat-operator-index:v4.17' }],
      additionalOperators: [
        { ...gitops, source: 'mirror' },
        { package: 'a', namespace: 'a', channel: 'stable', source: 'partner-catalog' },
        { package: 'b', namespace: 'b', channel: 'stable', source: 'mirror', sourceNamespace: 'other' },
        { package: 'c', namespace: 'c', channel: 'stable', approval: 'Manual' },
      ],
    };
    const subscription = checkManagementCluster(props).plan?.objects.find((o) => o.object.kind === 'Subscription' && o.object.metadata.name === 'openshift-gitops-operator');
    expect(findings(props)).toEqual([
      'warning additionalOperators[1].source: catalog source openshift-marketplace/partner-catalog is not created here; the Subscription waits until it exists.',
      'error additionalOperators[2].sourceNamespace: OLM resolves a Subscription in b from catalogs in openshift-marketplace or in b, not other.',
      'warning additionalOperators[3].approval: with Manual approval nothing installs until someone approves the InstallPlan, and the apply waits for it.',
    ]);
    expect(subscription).toBeUndefined();
    const { additionalOperators, ...fine } = props;
    const waits = plan({ ...fine, additionalOperators: [additionalOperators![0]] }).objects.find((o) => o.object.kind === 'Subscription' && o.object.metadata.name === 'openshift-gitops-operator')!;
    expect(waits.dependsOn).toContain('operators.coreos.com/CatalogSource/openshift-marketplace/mirror');
  });

  test("a built-in operator's package or namespace is an error: operators.<id> configures it", () => {
    const kubevirt: ManagementClusterProps = { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] }, machineNetwork: ['10.0.0.0/24'] };
    expect(findings({ ...kubevirt, additionalOperators: [{ package: 'metallb-operator', namespace: 'metallb', channel: 'stable' }, { package: 'frr-k8s', namespace: 'metallb-system', channel: 'stable' }] }).filter((f) => f.startsWith('error'))).toEqual([
      'error additionalOperators[0].package: metallb-operator is the library\'s MetalLB operator, set with operators.metallb.',
      'error additionalOperators[1].namespace: metallb-system holds the MetalLB operator and its OperatorGroup; OLM fails every operator of a namespace with two OperatorGroups.',
    ]);
    // Not installed here (no KubeVirt, so no MetalLB): its namespace is free.
    expect(findings({ ...none, additionalOperators: [{ package: 'frr-k8s', namespace: 'metallb-system', channel: 'stable' }] })).toEqual([]);
  });

  test('any value gives findings with their paths, never an exception', () => {
    expect(findings({ ...none, additionalOperators: [{ package: 5, namespace: 'Bad_NS', channel: 'stable' }] })).toEqual([expect.stringMatching(/^error additionalOperators\[0\]\.package: 5 \(a number\) is not/)]);
    expect(findings({ ...none, additionalOperators: [{ package: 'p', namespace: 'Bad_NS', channel: 'not a channel' }] })).toEqual([
      expect.stringMatching(/^error additionalOperators\[0\]\.namespace: "Bad_NS" /),
      'error additionalOperators[0].channel: "not a channel" is not a channel name.',
    ]);
    expect(findings({ ...none, additionalOperators: [{ package: 'p', channel: 'stable' }] })).toEqual([expect.stringMatching(/^error additionalOperators\[0\]\.namespace: is required/)]);
    expect(findings({ ...none, additionalOperators: { package: 'p' } })).toEqual([expect.stringMatching(/^error additionalOperators: /)]);
  });
});
