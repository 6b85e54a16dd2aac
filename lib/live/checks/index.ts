/** The preflight's checks. */
import type { PreflightCheck } from '../preflight-check';
import { addressPoolsCheck } from './address-pools';
import { backupsCheck } from './backups';
import { collisionsCheck } from './collisions';
import { controlPlaneNodesCheck } from './control-plane-nodes';
import { hostedClusterLimitsCheck } from './hosted-cluster-limits';
import { hypershiftOperatorCheck } from './hypershift-operator';
import { installedApisCheck } from './installed-apis';
import { mirrorsCheck } from './mirrors';
import { referencesCheck, secretStoresCheck } from './references';
import { supportedVersionsCheck } from './supported-versions';

/** Every check of the preflight, in the order it runs and reports them. */
export const PREFLIGHT_CHECKS: readonly PreflightCheck[] = [
  installedApisCheck,
  hypershiftOperatorCheck,
  supportedVersionsCheck,
  referencesCheck,
  secretStoresCheck,
  controlPlaneNodesCheck,
  hostedClusterLimitsCheck,
  backupsCheck,
  mirrorsCheck,
  addressPoolsCheck,
  collisionsCheck,
];
