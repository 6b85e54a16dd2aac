/** Operators inside a hosted cluster: OLM objects, their checks, SR-IOV and AWS STS, planned without an adapter. */
import { checkHostedClusterOperators, checkHostedClusterSriov } from '../../lib/day2';
import type { HostedClusterProps } from '../../lib/platforms';
import { planHostedCluster } from '../../lib/platforms';
import { EXAMPLE_OPTIONS, agentCluster, awsCluster } from '../../examples/clusters';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

const plan = (props: HostedClusterProps) => planHostedCluster(props, EXAMPLE_OPTIONS);
const aws = plan(awsCluster);
const guestPlacement = plan({ ...awsCluster, olmCatalogPlacement: 'guest' });
const ROLE = 'arn:aws:iam::123456789012:role/aws-prod-s3-operator';

const messages = (result: { issues: readonly { severity: string; path: string; message: string }[] }, severity = 'error') =>
  result.issues.filter((i) => i.severity === severity).map((i) => `${i.path}: ${i.message}`);
const summary = (objects: readonly { object: Obj; phase: { wave: number } }[]) =>
  objects.map(({ object, phase }) => `${phase.wave} ${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`);

describe('checkHostedClusterOperators', () => {
  test('namespace, operator group and catalog (-4) before the subscription (-3); placement and the catalog in the Subscription', () => {
    const result = checkHostedClusterOperators(aws, {
      catalogSources: [{ name: 'mirror-operators', image: 'mirror.example.com/redhat/redhat-operator-index:v4.16', nodeSelector: { 'node-role.kubernetes.io/worker': '' }, tolerations: [{ key: 'infra', operator: 'Exists' }] }],
      operators: [{ package: 'my-operator', namespace: 'my-operator', channel: 'alpha', source: 'mirror-operators', nodeSelector: { 'kubernetes.io/os': 'linux' } }],
    });
    expect(messages(result)).toEqual([]);
    expect(summary(result.plan!.objects)).toEqual([
      '-4 CatalogSource openshift-marketplace/mirror-operators',
      '-4 Namespace my-operator',
      '-4 OperatorGroup my-operator/my-operator',
      '-3 Subscription my-operator/my-operator',
    ]);
    const [catalog, , group, subscription] = result.plan!.objects as Obj[];
    expect(catalog.object.spec.grpcPodConfig).toEqual({ nodeSelector: { 'node-role.kubernetes.io/worker': '' }, tolerations: [{ key: 'infra', operator: 'Exists' }] });
    expect(catalog.readiness).toEqual({ kind: 'jsonpath', path: '.status.connectionState.lastObservedState', value: 'READY' });
    expect(group.object.spec).toEqual({ targetNamespaces: ['my-operator'] });
    expect(subscription.object.spec).toEqual({
      name: 'my-operator',
      channel: 'alpha',
      source: 'mirror-operators',
      sourceNamespace: 'openshift-marketplace',
      installPlanApproval: 'Automatic',
      config: { nodeSelector: { 'kubernetes.io/os': 'linux' } },
    });
    expect(subscription.dependsOn).toEqual(['operators.coreos.com/OperatorGroup/my-operator/my-operator', 'operators.coreos.com/CatalogSource/openshift-marketplace/mirror-operators']);
    expect(subscription.readiness).toEqual({ kind: 'jsonpath', path: '.status.state', value: 'AtLatestKnown' });
  });

  test('one OperatorGroup per namespace; openshift-operators has its own', () => {
    const shared = checkHostedClusterOperators(aws, {
      operators: [
        { package: 'a-operator', namespace: 'tools', channel: 'stable' },
        { package: 'b-operator', namespace: 'tools', channel: 'stable' },
        { package: 'c-operator', namespace: 'openshift-operators', channel: 'stable' },
      ],
    });
    expect(summary(shared.plan!.objects)).toEqual(['-4 Namespace tools', '-4 OperatorGroup tools/tools', '-3 Subscription tools/a-operator', '-3 Subscription tools/b-operator', '-3 Subscription openshift-operators/c-operator']);
    const conflict = checkHostedClusterOperators(aws, {
      operators: [
        { package: 'a-operator', namespace: 'tools', channel: 'stable' },
        { package: 'b-operator', namespace: 'tools', channel: 'stable', targetNamespaces: 'AllNamespaces' },
        { package: 'a-operator', namespace: 'tools', channel: 'stable', subscriptionName: 'again' },
        { package: 'c-operator', namespace: 'openshift-operators', channel: 'stable', targetNamespaces: ['openshift-operators'] },
      ],
    });
    expect(messages(conflict)).toEqual([
      'operators[1]: tools has one OperatorGroup, planned with operators[0]; this operator asks for another (operatorGroup, targetNamespaces or namespaceLabels differ). OLM fails every operator of a namespace with two OperatorGroups.',
      'operators[2].package: a-operator is subscribed to twice in tools (operators[0]).',
      'operators[3].targetNamespaces: openshift-operators has the OperatorGroup global-operators, which targets all namespaces; a second one would fail the operators there.',
    ]);
  });

  test('names, channels, catalog scope and the default sources the control plane owns', () => {
    const result = checkHostedClusterOperators(aws, {
      catalogSources: [{ name: 'redhat-operators', image: 'mirror.example.com/index:v4.16' }, { name: '1st', image: 'mirror.example.com/index:v4.16' }],
      operators: [
        { package: 'metallb-operator', namespace: 'metallb-system', channel: 'beta' },
        { package: 'x-operator', namespace: 'X', channel: 'has space' },
        { package: 'y-operator', namespace: 'y', channel: 'stable', source: 'local', sourceNamespace: 'elsewhere' },
      ],
    });
    expect(messages(result)).toEqual([
      'catalogSources[0].name: redhat-operators is a default source: the hosted cluster\'s control plane overwrites it, or deletes it while disableAllDefaultSources is true.',
      'catalogSources[1].name: "1st" must start with a letter (OLM serves the catalog through a Service of this name).',
      'operators[1].namespace: "X" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.',
      'operators[1].channel: "has space" is not a channel name.',
      'operators[2].sourceNamespace: OLM resolves a Subscription in y from catalogs in openshift-marketplace or in y, not elsewhere.',
    ]);
    // A channel the Red Hat catalog lacks: an error from redhat-operators, a warning from a catalog of one's own.
    const metallb = { package: 'metallb-operator', namespace: 'metallb-system', channel: 'beta' };
    expect(messages(checkHostedClusterOperators(aws, { operators: [metallb] }))).toEqual(['operators[0].channel: channel "beta" is not a channel of metallb-operator in the Red Hat catalog (e.g. stable).']);
    const mirrored = checkHostedClusterOperators(aws, { catalogSources: [{ name: 'mirror', image: 'mirror.example.com/index:v4.16' }], operators: [{ ...metallb, source: 'mirror' }] });
    expect(messages(mirrored)).toEqual([]);
    expect(messages(mirrored, 'warning')).toEqual(['operators[0].channel: channel "beta" is not a channel of metallb-operator in the Red Hat catalog (e.g. stable).']);
  });

  test('a Subscription from a disabled default source is an error; an unknown source a warning', () => {
    const disabled = plan({ ...awsCluster, configuration: { operatorhub: { disableAllDefaultSources: true } } });
    const result = checkHostedClusterOperators(disabled, { operators: [{ package: 'a-operator', namespace: 'a', channel: 'stable' }, { package: 'b-operator', namespace: 'b', channel: 'stable', source: 'team-catalog' }] });
    expect(messages(result)).toEqual(['operators[0].source: the default source redhat-operators is disabled (disableAllDefaultSources), so the Subscription would never resolve.']);
    expect(messages(result, 'warning')).toEqual(['operators[1].source: catalog source openshift-marketplace/team-catalog is not created here; the Subscription waits until it exists.']);
  });

  test('OperatorHub: refused with management placement; with guest placement a patch of OperatorHub cluster that decides the defaults', () => {
    const management = checkHostedClusterOperators(aws, { operatorHub: { disableAllDefaultSources: true } });
    expect(messages(management)).toEqual([
      'operatorHub: aws-clusters/aws-prod has olmCatalogPlacement management: its control plane sets OperatorHub cluster from the HostedCluster\'s configuration.operatorhub and refuses edits inside the cluster.',
    ]);
    const guest = checkHostedClusterOperators(guestPlacement, {
      operatorHub: { disableAllDefaultSources: true, sources: [{ name: 'community-operators', disabled: true }, { name: 'mine', disabled: true }] },
      operators: [{ package: 'a-operator', namespace: 'a', channel: 'stable' }],
    });
    expect(messages(guest)).toEqual([
      'operatorHub.sources[1].name: "mine" is not a default source.',
      'operators[0].source: the default source redhat-operators is disabled (disableAllDefaultSources), so the Subscription would never resolve.',
    ]);
    expect(messages(guest, 'warning')).toEqual([
      'operatorHub.sources[0]: the control plane of a hosted cluster creates and deletes the default sources from disableAllDefaultSources alone, so community-operators stays as it is.',
    ]);
    const ok = checkHostedClusterOperators(guestPlacement, { operatorHub: { disableAllDefaultSources: true } });
    expect(ok.plan!.objects).toEqual([
      {
        object: { apiVersion: 'config.openshift.io/v1', kind: 'OperatorHub', metadata: { name: 'cluster' }, spec: { disableAllDefaultSources: true } },
        phase: { name: 'catalogs', wave: -4 },
        readiness: { kind: 'exists' },
        patch: true,
      },
    ]);
  });

  test('a node selector no NodePool satisfies is a warning', () => {
    const result = checkHostedClusterOperators(aws, { operators: [{ package: 'a-operator', namespace: 'a', channel: 'stable', nodeSelector: { 'node-role.kubernetes.io/infra': '' } }] });
    expect(messages(result, 'warning')).toEqual(['operators[0].nodeSelector: no NodePool of the cluster labels its nodes node-role.kubernetes.io/infra=; the pods would stay Pending.']);
  });

  test('AWS STS: ROLEARN on the Subscription and the CredentialsRequest the CCO answers', () => {
    const result = checkHostedClusterOperators(aws, {
      operators: [
        {
          package: 's3-operator',
          namespace: 's3-operator',
          channel: 'stable',
          aws: { roleArn: ROLE, credentialsRequest: { name: 's3-operator', secretName: 's3-credentials', serviceAccountNames: ['s3-operator-controller'], statements: [{ effect: 'Allow', action: ['s3:*'], resource: 'arn:aws:s3:*:*:*' }] } },
        },
      ],
    });
    expect(messages(result)).toEqual([]);
    const objects = result.plan!.objects as Obj[];
    expect(objects[2].object.spec.config).toEqual({ env: [{ name: 'ROLEARN', value: ROLE }] });
    expect(objects[3]).toEqual({
      object: {
        apiVersion: 'cloudcredential.openshift.io/v1',
        kind: 'CredentialsRequest',
        metadata: { name: 's3-operator', namespace: 'openshift-cloud-credential-operator' },
        spec: {
          secretRef: { name: 's3-credentials', namespace: 's3-operator' },
          serviceAccountNames: ['s3-operator-controller'],
          cloudTokenPath: '/var/run/secrets/openshift/serviceaccount/token',
          providerSpec: { apiVersion: 'cloudcredential.openshift.io/v1', kind: 'AWSProviderSpec', statementEntries: [{ effect: 'Allow', action: ['s3:*'], resource: 'arn:aws:s3:*:*:*' }], stsIAMRoleARN: ROLE },
        },
      },
      phase: { name: 'day-2', wave: 4 },
      readiness: { kind: 'jsonpath', path: '.status.provisioned', value: 'true' },
    });
  });

  test('AWS STS is refused off AWS, before 4.14, and with something that is not a role ARN', () => {
    const old = planHostedCluster({ ...awsCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.10-x86_64' } });
    expect(messages(checkHostedClusterOperators(old, { operators: [{ package: 'a', namespace: 'a', channel: 'stable', aws: { roleArn: 'role/a' } }] }))).toEqual([
      'operators[0].aws: aws-clusters/aws-prod runs OpenShift 4.13; operators use STS through the Cloud Credential Operator from 4.14 on.',
      'operators[0].aws.roleArn: "role/a" is not an IAM role ARN.',
    ]);
    const agent = plan(agentCluster);
    expect(messages(checkHostedClusterOperators(agent, { operators: [{ package: 'a', namespace: 'a', channel: 'stable', aws: { roleArn: ROLE } }] }))).toEqual([
      'operators[0].aws: clusters/vcluster2 runs on Agent; operators get AWS roles through the Cloud Credential Operator only on AWS hosted clusters.',
    ]);
  });

  test('any value gives findings with paths, never an exception', () => {
    for (const input of [null, 3, 'x', [], { operators: {} }, { operators: [{ package: 1 }] }, { catalogSources: [{}] }, { operatorHub: { sources: 'x' } }]) {
      const result = checkHostedClusterOperators(aws, input);
      expect(result.plan).toBeUndefined();
      expect(result.issues.length).toBeGreaterThan(0);
    }
    expect(messages(checkHostedClusterOperators(aws, { operators: [{ package: 'a', namespace: 'a', channel: 'stable', tolerations: [{ key: 'k', tolerationSeconds: 'soon' }] }] }))).toEqual([
      expect.stringMatching(/^spec\.config\.tolerations\[0\]\.tolerationSeconds: .*\(the API server would refuse it\)\.$/),
    ]);
  });
});

describe('checkHostedClusterSriov', () => {
  const POLICY = { name: 'mlx-netdevice', resourceName: 'mlxnics', numVfs: 4, nicSelector: { pfNames: ['ens5f0'] } };

  test('the documented install, then node policies and networks in the operator namespace', () => {
    const result = checkHostedClusterSriov(aws, { nodePolicies: [POLICY], networks: [{ name: 'sriov-net', resourceName: 'mlxnics', networkNamespace: 'apps', vlan: 100, ipam: '{"type":"static"}' }] });
    expect(messages(result)).toEqual([]);
    expect(summary(result.plan!.objects)).toEqual([
      '-4 Namespace openshift-sriov-network-operator',
      '-4 OperatorGroup openshift-sriov-network-operator/sriov-network-operators',
      '-3 Subscription openshift-sriov-network-operator/sriov-network-operator-subscription',
      '-1 SriovNetworkNodePolicy openshift-sriov-network-operator/mlx-netdevice',
      '-1 SriovNetwork openshift-sriov-network-operator/sriov-net',
    ]);
    const objects = result.plan!.objects as Obj[];
    expect(objects[1].object.spec).toEqual({ targetNamespaces: ['openshift-sriov-network-operator'] });
    expect(objects[2].object.spec).toEqual({
      name: 'sriov-network-operator',
      channel: 'stable',
      source: 'redhat-operators',
      sourceNamespace: 'openshift-marketplace',
      installPlanApproval: 'Automatic',
      config: { nodeSelector: { 'node-role.kubernetes.io/worker': '' } },
    });
    expect(objects[3].object.spec).toEqual({ resourceName: 'mlxnics', numVfs: 4, nicSelector: { pfNames: ['ens5f0'] }, nodeSelector: { 'feature.node.kubernetes.io/network-sriov.capable': 'true' } });
    expect(objects[4].object.spec).toEqual({ resourceName: 'mlxnics', networkNamespace: 'apps', vlan: 100, ipam: '{"type":"static"}' });
    expect(result.issues).toEqual([]);
  });

  test('the documented restrictions and the operator webhook rules as findings', () => {
    const result = checkHostedClusterSriov(plan(agentCluster), {
      operator: { channel: 'beta' },
      nodePolicies: [{ ...POLICY, resourceName: 'mlx-nics', nicSelector: {}, deviceType: 'vfio-pci', isRdma: true }],
      networks: [{ name: 'n', resourceName: 'other', ipam: 'whereabouts' }],
    });
    expect(messages(result, 'warning')).toEqual(['(cluster): the documentation describes SR-IOV inside hosted clusters on AWS only (chapter 9.3 prerequisites); clusters/vcluster2 runs on Agent.']);
    expect(messages(result)).toEqual([
      'operator.channel: channel "beta" is not a channel of sriov-network-operator in the Red Hat catalog (e.g. stable).',
      'nodePolicies[0].resourceName: "mlx-nics" has characters other than letters, digits and "_"; the operator refuses it.',
      'nodePolicies[0].nicSelector: selects no NIC: the operator needs at least one of vendor, deviceID, pfNames, rootDevices or netFilter.',
      'nodePolicies[0].isRdma: RDMA works with the netdevice driver only; the operator refuses it with vfio-pci.',
      'networks[0].resourceName: no node policy offers the resource "other".',
      'networks[0].ipam: is not a JSON object; the CNI plugin parses it.',
    ]);
  });
});
