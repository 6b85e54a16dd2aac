/**
 * The heavy modules behind the cdk8s constructs (the planners of core, the platforms,
 * management, day 2, edge sites, delivery and fleets, the capacity planner, the API schema checker,
 * js-yaml), loaded when first used: `require('hcp-constructs/cdk8s')` must add at most 60 ms to
 * cdk8s's own load (issue 26), and loading them all is about 250 modules and most of that time.
 *
 * lib/cdk8s imports their values from here (`import { checkHostedCluster } from './engine/lazy'`),
 * their types from the modules themselves. Each name is declared with the type of the original and
 * defined as a getter that loads the module on first read, then holds the same value (the same
 * function or class, so `instanceof` holds). A use compiles to a property read, so the import
 * costs nothing. The small modules of core (plan-model, errors, output-layout, ...) are imported
 * directly. test/cdk8s/load.test.ts checks that requiring the entry point loads none of these.
 */
import type * as JsYaml from 'js-yaml';
import type * as Api from '../../api';
import type * as Capacity from '../../capacity';
import type * as Core from '../../core';
import type * as ApiSchemaCheck from '../../core/api-schema-check';
import type * as Yaml from '../../core/yaml';
import type * as Day2 from '../../day2';
import type * as Delivery from '../../delivery';
import type * as Edge from '../../edge';
import type * as Fleet from '../../fleet';
import type * as Management from '../../management';
import type * as Platforms from '../../platforms';
import type * as PreviousState from '../../previous-state/all-checks';

/** Defines each of `names` on this module's exports as `load()[name]`, read when first used and then kept. */
function onFirstUse<M extends object>(load: () => M, names: ReadonlyArray<keyof M & string>): void {
  for (const name of names) {
    Object.defineProperty(exports, name, {
      configurable: true,
      enumerable: true,
      get: () => {
        const value = load()[name];
        Object.defineProperty(exports, name, { value, enumerable: true });
        return value;
      },
    });
  }
}

export declare const { checkHostedCluster, checkHostedClusterWith, checkAddedNodePool, checkAgentInfrastructure, zoneFileName, hostsReportName }: typeof Platforms;
onFirstUse((): typeof Platforms => require('../../platforms'), ['checkHostedCluster', 'checkHostedClusterWith', 'checkAddedNodePool', 'checkAgentInfrastructure', 'zoneFileName', 'hostsReportName']);

export declare const { checkManagementCluster, checkHostedClusterBackup, checkHostedClusterRestore, checkHostedClusterImport, checkHostedClusterMigration, portsReportName, etcdRecoveryRunbook }: typeof Management;
onFirstUse((): typeof Management => require('../../management'), ['checkManagementCluster', 'checkHostedClusterBackup', 'checkHostedClusterRestore', 'checkHostedClusterImport', 'checkHostedClusterMigration', 'portsReportName', 'etcdRecoveryRunbook']);

export declare const { checkHostedClusterIngress, checkHostedClusterOperators, checkHostedClusterSriov, checkHostedClusterWorkloadBackup }: typeof Day2;
onFirstUse((): typeof Day2 => require('../../day2'), ['checkHostedClusterIngress', 'checkHostedClusterOperators', 'checkHostedClusterSriov', 'checkHostedClusterWorkloadBackup']);

export declare const { checkEdgeSite }: typeof Edge;
onFirstUse((): typeof Edge => require('../../edge'), ['checkEdgeSite']);

export declare const { checkDelivery }: typeof Delivery;
onFirstUse((): typeof Delivery => require('../../delivery'), ['checkDelivery']);

export declare const { checkFleet, isClusterWarning, fleetRecordJson, fleetReportJson, fleetReportSvg, fleetSummary, readFleetRecord, readRolloutRecord, rolloutRecordJson, rolloutReport, rolloutReportJson, rolloutReportSvg, rolloutSummary }: typeof Fleet;
onFirstUse((): typeof Fleet => require('../../fleet'), [
  'checkFleet',
  'isClusterWarning',
  'fleetRecordJson',
  'fleetReportJson',
  'fleetReportSvg',
  'fleetSummary',
  'readFleetRecord',
  'readRolloutRecord',
  'rolloutRecordJson',
  'rolloutReport',
  'rolloutReportJson',
  'rolloutReportSvg',
  'rolloutSummary',
]);

export declare const { capacityOfPlan, capacityReportJson, capacityReportSvg, capacitySummary }: typeof Capacity;
onFirstUse((): typeof Capacity => require('../../capacity'), ['capacityOfPlan', 'capacityReportJson', 'capacityReportSvg', 'capacitySummary']);

export declare const { previousKinds, reviewAgainstPrevious }: typeof Core;
onFirstUse((): typeof Core => require('../../core'), ['previousKinds', 'reviewAgainstPrevious']);

export declare const { checkApiSchemas, recordSchemaFindings }: typeof ApiSchemaCheck;
onFirstUse((): typeof ApiSchemaCheck => require('../../core/api-schema-check'), ['checkApiSchemas', 'recordSchemaFindings']);

export declare const { checkObjectSchema }: typeof Api;
onFirstUse((): typeof Api => require('../../api'), ['checkObjectSchema']);

export declare const { PREVIOUS_STATE_CHECKS }: typeof PreviousState;
onFirstUse((): typeof PreviousState => require('../../previous-state/all-checks'), ['PREVIOUS_STATE_CHECKS']);

export declare const { toYaml, toYamlStream, DOCUMENT_SEPARATOR }: typeof Yaml;
onFirstUse((): typeof Yaml => require('../../core/yaml'), ['toYaml', 'toYamlStream', 'DOCUMENT_SEPARATOR']);

/** js-yaml itself, for reading YAML back (lib/core/yaml writes it). */
export declare const jsYaml: typeof JsYaml;
onFirstUse(() => ({ jsYaml: require('js-yaml') as typeof JsYaml }), ['jsYaml']);
