/**
 * Infrastructure made elsewhere, as the `platform.azure` props of a hosted cluster: the file that
 * `hcp create infra azure --output-file` writes (and `hcp create cluster azure --infra-json`
 * reads). The mapping is the CLI's (cmd/cluster/azure/create.go `ApplyPlatformSpecifics`). The
 * subscription and tenant come from the `--azure-creds` file, which also holds a client secret,
 * so they are asked for, not read from it; so are the OIDC issuer and its signing key, which
 * `create cluster azure` takes as flags.
 */
import { v } from '../../core/valibot';
import { HcpValidationError, IssueCollector, ValidationIssue } from '../../core/errors';
import { cliObject, quote, schemaFindings, text } from '../../core/schema';
import type { AzureClusterProps } from './props';
import type { AzureInfraOutput } from './cli-output-props';

export type { AzureCliIdentity, AzureCliWorkloadIdentities, AzureInfraOutput, AzureInfraOutputFields } from './cli-output-props';

const identity = cliObject({ clientID: text({ max: 36 }) }, 'a workload identity ({ clientID })');

/** `hcp create infra azure --output-file` (CreateInfraOutput). @internal */
export const azureInfraOutputSchema = cliObject(
  {
    baseDomain: text({ max: 253 }),
    publicZoneID: v.optional(text({ max: 1024 })),
    privateZoneID: v.optional(text({ max: 1024 })),
    region: text({ max: 255 }),
    resourceGroupName: text({ max: 90 }),
    vnetID: text({ max: 255 }),
    subnetID: text({ max: 355 }),
    bootImageID: v.optional(text({ max: 255 })),
    infraID: text({ max: 253 }),
    securityGroupID: text({ max: 255 }),
    natSubnetID: v.optional(text({ max: 355 })),
    workloadIdentities: v.nullish(
      cliObject(
        {
          cloudProvider: identity,
          disk: identity,
          file: identity,
          imageRegistry: identity,
          ingress: identity,
          network: identity,
          nodePoolManagement: identity,
          controlPlaneOperator: v.optional(identity),
        },
        'the workload identities',
      ),
    ),
    controlPlaneMIs: v.optional(v.unknown()),
    kmsClientID: v.optional(text({ max: 36 })),
  },
  'the output of hcp create infra azure',
);

/** What the file does not carry: the `--azure-creds` IDs, the OIDC flags, and flags of `hcp create cluster azure`. */
export type AzureClusterExtras = Pick<AzureClusterProps, 'subscriptionId' | 'tenantId' | 'issuerURL' | 'serviceAccountSigningKey'> &
  Partial<Pick<AzureClusterProps, 'cloud' | 'endpointAccess' | 'additionalAllowedSubscriptions' | 'externalDnsDomain' | 'availabilityZones'>>;

/** What the file decides of a hosted cluster: spread it into HostedClusterProps and add the name and the rest. */
export interface AzurePropsFromCli {
  /** {@link HostedClusterProps.infraID}: `infraID`. */
  readonly infraID: string;
  /** {@link HostedClusterProps.baseDomain}: `baseDomain`. */
  readonly baseDomain: string;
  /** {@link HostedClusterProps.platform}: the Azure block (region, resource group, network, DNS zones, workload identities, boot image) with the extras. */
  readonly platform: { readonly type: 'Azure'; readonly azure: AzureClusterProps };
}

/** The mapping alone, for a file already checked. */
function propsFromCheckedOutput(infra: AzureInfraOutput, ids: NonNullable<AzureInfraOutput['workloadIdentities']>, extras: AzureClusterExtras): AzurePropsFromCli {
  const { controlPlaneOperator, cloudProvider, disk, file, imageRegistry, ingress, network, nodePoolManagement } = ids;
  return {
    infraID: infra.infraID,
    baseDomain: infra.baseDomain,
    platform: {
      type: 'Azure',
      azure: {
        location: infra.region,
        resourceGroup: infra.resourceGroupName,
        vnetId: infra.vnetID,
        subnetId: infra.subnetID,
        securityGroupId: infra.securityGroupID,
        workloadIdentities: {
          cloudProvider: cloudProvider.clientID,
          disk: disk.clientID,
          file: file.clientID,
          imageRegistry: imageRegistry.clientID,
          ingress: ingress.clientID,
          network: network.clientID,
          nodePoolManagement: nodePoolManagement.clientID,
          // The CLI writes it empty (omitzero) for a Public cluster.
          ...(controlPlaneOperator?.clientID ? { controlPlaneOperator: controlPlaneOperator.clientID } : {}),
        },
        ...(infra.publicZoneID ? { publicZoneId: infra.publicZoneID } : {}),
        ...(infra.privateZoneID ? { privateZoneId: infra.privateZoneID } : {}),
        ...(infra.bootImageID ? { bootImageId: infra.bootImageID } : {}),
        ...(infra.natSubnetID ? { natSubnetId: infra.natSubnetID } : {}),
        ...extras,
      },
    },
  };
}

/**
 * Checks the file (any value: findings, never an exception) and maps it to props. Findings have
 * paths such as `infra.workloadIdentities.disk.clientID`; what the library cannot carry over (an
 * ARO HCP file with managed identities) is an error, not silently dropped.
 */
export function checkAzureCliOutput(infra: unknown, extras: AzureClusterExtras): { props?: AzurePropsFromCli; issues: readonly ValidationIssue[] } {
  const object = 'hcp create infra azure output';
  const parsed = v.safeParse(azureInfraOutputSchema, infra);
  if (!parsed.success) return { issues: schemaFindings(parsed.issues, object).map((i) => ({ ...i, path: i.path === '(props)' ? 'infra' : `infra.${i.path}` })) };
  const output = parsed.output;
  const issues = new IssueCollector(object);
  if (output.controlPlaneMIs) {
    issues.error('infra.controlPlaneMIs', 'the infrastructure was made for ARO HCP (managed identities), which is the managed service, not a self-managed cluster.', 'Run hcp create infra azure with --workload-identities-file.');
  } else if (!output.workloadIdentities) {
    issues.error('infra.workloadIdentities', 'the file names no workload identities, and a self-managed cluster signs in with them.', "Run hcp create infra azure with --workload-identities-file (the output of hcp create iam azure).");
  }
  if (output.natSubnetID && (extras.endpointAccess ?? 'Public') === 'Public') {
    issues.error('infra.natSubnetID', `a Private Link NAT subnet (${quote(output.natSubnetID)}) is given, but the cluster's endpoint access is Public.`, "Pass endpointAccess: 'Private' or 'PublicAndPrivate' in the extras.");
  }
  if (issues.issues.length > 0 || !output.workloadIdentities) return { issues: issues.issues };
  return { props: propsFromCheckedOutput(output, output.workloadIdentities, extras), issues: [] };
}

/** Like {@link checkAzureCliOutput}, but throws {@link HcpValidationError} listing every problem. */
export function azurePropsFromCliOutput(infra: unknown, extras: AzureClusterExtras): AzurePropsFromCli {
  const { props, issues } = checkAzureCliOutput(infra, extras);
  if (!props) throw new HcpValidationError(issues);
  return props;
}
