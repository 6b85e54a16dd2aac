/**
 * One operator installed through OLM, from its settings: the defaults completed and checked the
 * same way wherever it is installed (on the management cluster, or MetalLB inside a hosted
 * cluster), then its Namespace, OperatorGroup and Subscription in the operators phase.
 */
import { MANAGEMENT_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, objectKey, planItem } from '../core/plan-model';
import { quote } from '../core/schema';
import { DEFAULT_CATALOG, OPERATOR_PACKAGES, OperatorId, operatorObjects } from './olm';
import type { OperatorProps } from './props';

/** Catalogs of the Red Hat index images: their channels are known, so an unknown one is an error there. */
export const WELL_KNOWN_CATALOGS: readonly string[] = ['redhat-operators', 'certified-operators', 'community-operators', 'redhat-marketplace'];

export interface OperatorInstallContext {
  /** Where the settings are, for findings (`operators.metallb`). */
  readonly path: string;
  /** CatalogSources the same contribution creates (in the default catalog namespace). @default none */
  readonly ownCatalogs?: ReadonlySet<string>;
  readonly issues: IssueCollector;
}

export interface OperatorInstall {
  /** The Subscription's channel, the default when none is given. */
  readonly channel: string;
  readonly objects: readonly PlanItem[];
}

/** What a channel is checked against: the package's channels in the Red Hat catalog. */
export interface KnownChannels {
  readonly package: string;
  readonly channelPattern: RegExp;
  readonly channelExample: string;
}

/**
 * A channel of a package whose channels are known: an unknown one is an error when it comes from
 * a Red Hat catalog, a warning from any other (a mirror may name channels its own way).
 */
export function checkChannel(pkg: KnownChannels, channel: string, fromRedHatCatalog: boolean, path: string, issues: IssueCollector): void {
  if (pkg.channelPattern.test(channel)) return;
  const message = `channel ${quote(channel)} is not a channel of ${pkg.package} in the Red Hat catalog (e.g. ${pkg.channelExample}).`;
  if (fromRedHatCatalog) issues.error(`${path}.channel`, message, `Use a channel such as ${pkg.channelExample}.`);
  else issues.warn(`${path}.channel`, message, 'Check that your catalog has this channel.');
}

/** Manual approval: nothing installs until someone approves the InstallPlan. */
export function warnManualApproval(path: string, issues: IssueCollector): void {
  issues.warn(`${path}.approval`, `with Manual approval nothing installs until someone approves the InstallPlan, and the apply waits for it.`, 'Approve the InstallPlan (oc patch installplan ... approved: true), or use Automatic with a startingCSV.');
}

/** Completes and checks one operator's OLM settings and plans its install. */
export function planOperatorInstall(id: OperatorId, settings: OperatorProps, { path, ownCatalogs = new Set(), issues }: OperatorInstallContext): OperatorInstall {
  const pkg = OPERATOR_PACKAGES[id];
  const channel = settings.channel ?? pkg.defaultChannel;
  const source = settings.source ?? DEFAULT_CATALOG.source;
  const sourceNamespace = settings.sourceNamespace ?? DEFAULT_CATALOG.sourceNamespace;
  const ownCatalog = ownCatalogs.has(source);
  const wellKnown = WELL_KNOWN_CATALOGS.includes(source);
  checkChannel(pkg, channel, wellKnown && !ownCatalog, path, issues);
  if (ownCatalog && sourceNamespace !== DEFAULT_CATALOG.sourceNamespace) {
    issues.error(`${path}.sourceNamespace`, `catalog source "${source}" is created in ${DEFAULT_CATALOG.sourceNamespace}, not ${sourceNamespace}.`, `Use ${DEFAULT_CATALOG.sourceNamespace}.`);
  }
  if (!ownCatalog && !wellKnown) {
    issues.warn(`${path}.source`, `catalog source "${source}" is not created by this app; the Subscription waits until it exists.`, 'Add it to catalogSources, or make sure it exists.');
  }
  if (settings.approval === 'Manual') warnManualApproval(path, issues);
  const install = operatorObjects({ id, channel, source, sourceNamespace, approval: settings.approval ?? 'Automatic', ...(settings.startingCSV ? { startingCSV: settings.startingCSV } : {}) });
  const catalogKey = objectKey({ apiVersion: MANAGEMENT_API_VERSIONS.catalogSource, kind: 'CatalogSource', metadata: { name: source, namespace: DEFAULT_CATALOG.sourceNamespace } });
  const dependsOn = [objectKey(install.operatorGroup), ...(ownCatalog ? [catalogKey] : [])];
  return {
    channel,
    objects: [
      planItem(install.namespace, PHASES.operators, { kind: 'exists' }, { shared: true }),
      planItem(install.operatorGroup, PHASES.operators),
      // OLM sets AtLatestKnown once the InstallPlan of the current CSV has completed (its CRDs exist).
      planItem(install.subscription, PHASES.operators, { kind: 'jsonpath', path: '.status.state', value: 'AtLatestKnown' }, { dependsOn }),
    ],
  };
}
