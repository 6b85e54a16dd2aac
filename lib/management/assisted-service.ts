/**
 * assisted-service (central infrastructure management) for Agent hosted clusters: the
 * AgentServiceConfig, which the operator reconciles only under the name `agent` (CRD
 * description), and the mirror-registry ConfigMap of disconnected installs. assisted-service
 * ships with MCE (component `assisted-service`), so it needs no Subscription of its own.
 */
import type { AgentServiceConfig, AgentServiceConfigSpecDatabaseStorage, ConfigMap } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { OPERATOR_PACKAGES } from './olm';
import { operandResource } from './planned';
import type { AssistedServiceProps } from './props';

export const AGENT_SERVICE_CONFIG_NAME = 'agent';
export const DEFAULT_MIRROR_CONFIGMAP = 'assisted-mirror-config';

/** Volume sizes of the assisted-service operator documentation's example (docs/operator.md). */
export const ASSISTED_STORAGE_DEFAULTS = { databaseStorage: '10Gi', filesystemStorage: '100Gi', imageStorage: '50Gi' } as const;

const QUANTITY = /^([0-9]+(\.[0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;

export function planAssistedService(props: AssistedServiceProps, issues: IssueCollector): PlanItem[] {
  const volume = (field: keyof typeof ASSISTED_STORAGE_DEFAULTS): AgentServiceConfigSpecDatabaseStorage => {
    const size = props[field] ?? ASSISTED_STORAGE_DEFAULTS[field];
    if (!QUANTITY.test(size)) issues.error(`assistedService.${field}`, `"${size}" is not a storage size.`, 'Write a Kubernetes quantity such as 50Gi.');
    return {
      accessModes: ['ReadWriteOnce'],
      resources: { requests: { storage: size } },
      ...(props.storageClassName ? { storageClassName: props.storageClassName } : {}),
    };
  };
  const namespace = OPERATOR_PACKAGES.multiclusterEngine.namespace;
  const objects: PlanItem[] = [];
  let mirrorName: string | undefined;
  if (props.mirrorRegistry) {
    mirrorName = props.mirrorRegistry.name ?? DEFAULT_MIRROR_CONFIGMAP;
    const configMap: ConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      // assisted-service reads it from its own namespace, MCE's target namespace.
      metadata: { name: mirrorName, namespace },
      data: {
        'registries.conf': props.mirrorRegistry.registriesConf,
        ...(props.mirrorRegistry.caBundle ? { 'ca-bundle.crt': props.mirrorRegistry.caBundle } : {}),
      },
    };
    objects.push(planItem(configMap, PHASES.operatorConfiguration));
  }
  const images = props.osImages ?? [];
  images.forEach((image, i) => {
    if (!/^https?:\/\//.test(String(image.url ?? ''))) issues.error(`assistedService.osImages[${i}].url`, `"${String(image.url)}" is not an http(s) URL.`, 'Give the URL of the RHCOS live ISO.');
  });
  const config: AgentServiceConfig = operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.agentServiceConfig,
    kind: 'AgentServiceConfig',
    metadata: { name: AGENT_SERVICE_CONFIG_NAME },
    spec: {
      databaseStorage: volume('databaseStorage'),
      filesystemStorage: volume('filesystemStorage'),
      imageStorage: volume('imageStorage'),
      ...(images.length > 0 ? { osImages: images } : {}),
      ...(mirrorName ? { mirrorRegistryRef: { name: mirrorName } } : {}),
    },
  });
  // Its CRD arrives once MCE runs the assisted-service component: after MCE is Available.
  objects.push(planItem(config, PHASES.webhooksReady, { kind: 'condition', type: 'DeploymentsHealthy', status: 'True' }));
  return objects;
}
