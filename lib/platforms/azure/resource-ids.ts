/**
 * Azure Resource Manager IDs: `/subscriptions/<id>/resourceGroups/<group>/providers/<namespace>/<type>/<name>[/<child type>/<child name>]`.
 * The CLI parses them (`arm.ParseResourceID` for the NAT subnet) and the operator takes names
 * out of them (the subnet's and the VNet's for the cloud provider and the VMs), so a malformed
 * one fails only at reconcile time; here it is a finding.
 */

/** An ID's parts; names compare case-insensitively, as Azure's do. */
export interface AzureResourceId {
  readonly subscription: string;
  readonly resourceGroup: string;
  /** `Microsoft.Network/virtualNetworks/subnets` for a subnet. */
  readonly type: string;
  /** The last name (the subnet's for a subnet). */
  readonly name: string;
  /** The ID of the parent resource for a child (the VNet's for a subnet). */
  readonly parent?: string;
}

const ID = /^\/subscriptions\/([^/]+)\/resourceGroups\/([^/]+)\/providers\/([^/]+)\/([^/]+)\/([^/]+)(?:\/([^/]+)\/([^/]+))?$/i;

/** The parts of an ARM resource ID, or undefined when it is not one. */
export function parseAzureResourceId(id: string): AzureResourceId | undefined {
  const m = ID.exec(id);
  if (!m) return undefined;
  const [, subscription, resourceGroup, namespace, type, name, childType, childName] = m;
  if (childType === undefined) return { subscription, resourceGroup, type: `${namespace}/${type}`, name };
  const parent = `/subscriptions/${subscription}/resourceGroups/${resourceGroup}/providers/${namespace}/${type}/${name}`;
  return { subscription, resourceGroup, type: `${namespace}/${type}/${childType}`, name: childName, parent };
}

/** The resource types the Azure platform takes IDs of, with an example for messages. */
export const AZURE_RESOURCE_TYPES = {
  vnet: { type: 'Microsoft.Network/virtualNetworks', example: '/subscriptions/<subscription>/resourceGroups/<group>/providers/Microsoft.Network/virtualNetworks/<vnet>' },
  subnet: { type: 'Microsoft.Network/virtualNetworks/subnets', example: '/subscriptions/<subscription>/resourceGroups/<group>/providers/Microsoft.Network/virtualNetworks/<vnet>/subnets/<subnet>' },
  securityGroup: { type: 'Microsoft.Network/networkSecurityGroups', example: '/subscriptions/<subscription>/resourceGroups/<group>/providers/Microsoft.Network/networkSecurityGroups/<nsg>' },
} as const;

/** Whether `id` is an ARM ID of the resource type `type` (case-insensitive, as Azure compares them). */
export function isAzureResourceOf(id: string, type: keyof typeof AZURE_RESOURCE_TYPES): boolean {
  const parsed = parseAzureResourceId(id);
  return parsed !== undefined && parsed.type.toLowerCase() === AZURE_RESOURCE_TYPES[type].type.toLowerCase();
}

/** A UUID, as subscription, tenant and client IDs are (the CRD's pattern for client IDs). */
export const AZURE_UUID = /^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/;
