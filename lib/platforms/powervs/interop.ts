/**
 * Infrastructure made elsewhere, as the `platform.powervs` props of a hosted cluster: the JSON
 * that `hypershift create infra powervs --output-file` writes (cmd/infra/powervs/create.go
 * `Infra`). The mapping is the CLI's (cmd/cluster/powervs/create.go `ApplyPlatformSpecifics`,
 * which reads the same file with `--infra-json`).
 *
 * The JSON holds the five credential Secrets with their API keys. Only their names are read: the
 * credentials become `existingSecret` references (apply those Secrets yourself, or put the keys
 * in a secret store and give `credentials`), so no API key reaches the synthesized YAML.
 */
import { v } from '../../core/valibot';
import { HcpValidationError, ValidationIssue } from '../../core/errors';
import { cliObject, schemaFindings, text } from '../../core/schema';
import type { SecretSource } from '../../core/secret-source';
import type { PowervsClusterProps, PowervsCredentials } from './props';
import type { PowervsInfraOutput } from './cli-output-props';

export type { PowervsInfraOutput, PowervsInfraOutputSecret } from './cli-output-props';

/** The JSON's Go field name of each credential. */
const SECRET_FIELDS: Readonly<Record<keyof PowervsCredentials, 'KubeCloudControllerManager' | 'NodePoolManagement' | 'IngressOperator' | 'StorageOperator' | 'ImageRegistryOperator'>> = {
  kubeCloudController: 'KubeCloudControllerManager',
  nodePoolManagement: 'NodePoolManagement',
  ingressOperator: 'IngressOperator',
  storageOperator: 'StorageOperator',
  imageRegistryOperator: 'ImageRegistryOperator',
};

const secretSchema = v.nullable(cliObject({ metadata: cliObject({ name: text({ max: 253 }) }, 'object metadata ({ name })') }, 'a Secret'));

/** `hypershift create infra powervs --output-file` (Infra). @internal */
export const powervsInfraOutputSchema = cliObject(
  {
    id: text({ max: 253 }),
    region: text({ max: 255 }),
    zone: text({ max: 255 }),
    vpcRegion: text({ max: 255 }),
    accountID: text({ max: 255 }),
    baseDomain: text({ max: 253 }),
    cisCrn: text({ max: 255 }),
    cisDomainID: text({ max: 255 }),
    resourceGroup: text({ max: 255 }),
    cloudInstanceID: text({ max: 255 }),
    dhcpSubnet: text({ max: 255 }),
    dhcpSubnetID: text({ max: 255 }),
    vpcName: text({ max: 255 }),
    vpcSubnetName: text({ max: 255 }),
    secrets: cliObject(
      {
        KubeCloudControllerManager: secretSchema,
        NodePoolManagement: secretSchema,
        IngressOperator: secretSchema,
        StorageOperator: secretSchema,
        ImageRegistryOperator: secretSchema,
      },
      'the five credential Secrets',
    ),
  },
  'the JSON of hypershift create infra powervs',
);

/** Settings the JSON does not decide: other sources for the credentials, the machine network. */
export interface PowervsClusterExtras {
  /** Credentials from elsewhere (a secret store), by credential. @default the Secrets the JSON names, as existing Secrets */
  readonly credentials?: Partial<PowervsCredentials>;
  /** The machine network. @default '10.0.0.0/16' */
  readonly machineCIDR?: string;
}

/** What the JSON decides of a hosted cluster: spread it into HostedClusterProps and add the rest (name, release, pull secret). */
export interface PowervsPropsFromCli {
  /** {@link HostedClusterProps.infraID}: `id`. */
  readonly infraID: string;
  /** {@link HostedClusterProps.baseDomain}: `baseDomain`. */
  readonly baseDomain: string;
  /** {@link HostedClusterProps.platform}: the PowerVS block. */
  readonly platform: { readonly type: 'PowerVS'; readonly powervs: PowervsClusterProps };
}

/**
 * Checks the JSON (any value: findings, never an exception) and maps it to props. Findings have
 * paths such as `infra.secrets.IngressOperator`; a credential the JSON lacks (the CLI wrote null)
 * is an error unless `extras.credentials` gives it.
 */
export function checkPowervsCliOutput(infra: unknown, extras: PowervsClusterExtras = {}): { props?: PowervsPropsFromCli; issues: readonly ValidationIssue[] } {
  const parsed = v.safeParse(powervsInfraOutputSchema, infra);
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, 'hypershift create infra powervs output').map((i) => ({ ...i, path: i.path === '(props)' ? 'infra' : `infra.${i.path}` })) };
  const out = parsed.output as PowervsInfraOutput;
  const issues: ValidationIssue[] = [];
  const credentials = Object.fromEntries(
    (Object.keys(SECRET_FIELDS) as (keyof PowervsCredentials)[]).map((key) => {
      const given = extras.credentials?.[key];
      const secret = out.secrets[SECRET_FIELDS[key]];
      if (!given && !secret) {
        issues.push({
          severity: 'error',
          object: 'hypershift create infra powervs output',
          path: `infra.secrets.${SECRET_FIELDS[key]}`,
          message: 'the CLI wrote no Secret for this credential.',
          fix: `Give extras.credentials.${key}, or run create infra powervs again with --recreate-secrets.`,
        });
      }
      return [key, given ?? ({ existingSecret: secret?.metadata.name ?? '' } satisfies SecretSource)];
    }),
  ) as unknown as PowervsCredentials;
  if (issues.length > 0) return { issues };
  return {
    props: {
      infraID: out.id,
      baseDomain: out.baseDomain,
      platform: {
        type: 'PowerVS',
        powervs: {
          accountID: out.accountID,
          resourceGroup: out.resourceGroup,
          region: out.region,
          zone: out.zone,
          cisInstanceCRN: out.cisCrn,
          cisDomainID: out.cisDomainID,
          serviceInstanceID: out.cloudInstanceID,
          subnet: { id: out.dhcpSubnetID, name: out.dhcpSubnet },
          vpc: { name: out.vpcName, region: out.vpcRegion, subnet: out.vpcSubnetName },
          ...(extras.machineCIDR ? { machineCIDR: extras.machineCIDR } : {}),
          credentials,
        },
      },
    },
    issues: [],
  };
}

/** Like {@link checkPowervsCliOutput}, but throws {@link HcpValidationError} listing every problem. */
export function powervsPropsFromCliOutput(infra: unknown, extras: PowervsClusterExtras = {}): PowervsPropsFromCli {
  const { props, issues } = checkPowervsCliOutput(infra, extras);
  if (!props) throw new HcpValidationError(issues);
  return props;
}
