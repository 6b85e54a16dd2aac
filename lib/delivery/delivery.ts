/**
 * Delivery of the output folders by the GitOps engines users run: Argo CD (argocd.ts), optionally
 * with ACM registering its clusters (acm.ts), or Flux (flux.ts). Pure: it takes the props (any
 * value: findings, never an exception) and the folders a synth writes (`folderSpecs`), and returns
 * one PlannedPart per `gitops-...` folder. Every finding's path starts with `delivery.`.
 */
import type { KubernetesObject } from '../api';
import type { FolderSpec, PlannedPart, ValidationIssue } from '../core';
import { GITOPS_PREFIX, IssueCollector, checkProps, oneOf, quote, strict, stringMap, text, withSchemaFindings } from '../core';
import { checkApiSchemas } from '../core/api-schema-check';
import { v } from '../core/valibot';
import { planArgoCd } from './argocd';
import { planAcm } from './acm';
import { planFlux } from './flux';
import type { DeliveryContext } from './context';
import type { DeliveryRollout } from './rollout';
import type { DeliveryProps } from './delivery-props';
import { ARGO_CD_GENERATORS, ARGO_CD_HEALTH_CHECKS } from './delivery-props';
import { byText } from '../core/text-order';

export type { AcmDeliveryProps, ArgoCdDeliveryProps, DeliveryProps, FluxDeliveryProps } from './delivery-props';
export type { DeliveryRollout } from './rollout';

/** Names findings about the delivery props. */
export const DELIVERY_OBJECT = 'Delivery';

/** @internal */
export const argoCdDeliveryPropsSchema = strict({
  hub: v.optional(text({ max: 63 })),
  namespace: v.optional(text({ max: 63 })),
  project: v.optional(text({ max: 253 })),
  generator: v.optional(oneOf(ARGO_CD_GENERATORS)),
  destinations: v.optional(stringMap()),
  healthChecks: v.optional(oneOf(ARGO_CD_HEALTH_CHECKS)),
});

/** @internal */
export const fluxDeliveryPropsSchema = strict({
  namespace: v.optional(text({ max: 63 })),
  interval: v.optional(text({ max: 64 })),
  timeout: v.optional(text({ max: 64 })),
});

/** @internal */
export const acmDeliveryPropsSchema = strict({
  clusterSet: v.optional(text({ max: 63 })),
  namespace: v.optional(text({ max: 63 })),
});

/** @internal */
export const deliveryPropsSchema = strict({
  repoURL: text({ max: 2048 }),
  revision: v.optional(text({ max: 255 })),
  path: v.optional(text({ max: 1024 })),
  argoCd: v.optional(argoCdDeliveryPropsSchema),
  flux: v.optional(fluxDeliveryPropsSchema),
  acm: v.optional(acmDeliveryPropsSchema),
});

/** The URL forms Flux's GitRepository takes (its CRD's pattern). */
const FLUX_URL = /^(http|https|ssh):\/\/.*$/;
/** `user@host:org/repo`, the scp-like form git and Argo CD take, and Flux does not. */
const SCP_URL = /^([^@/:\s]+)@([^:/\s]+):(?!\/)(.+)$/;

/**
 * Checks the delivery props against the folders a synth writes and plans the objects that make
 * Argo CD (and ACM) or Flux deliver them: one part per `gitops-...` folder, each on a management
 * cluster. `placement` says which management cluster holds each hosted cluster (`namespace/name`
 * → its name; by default the app's), which is where Flux applies its folder from. `managedClusters`
 * names the ManagedClusters the app plans, so that a hosted cluster's folder whose Argo CD cluster
 * is not among them is a warning (by default any ManagedCluster on its management cluster counts).
 * `rollout`: the fleet's rollout, whose waves order the engines' syncs (rollout.ts).
 */
export function checkDelivery(
  input: DeliveryProps | unknown,
  folders: readonly FolderSpec[],
  placement: ReadonlyMap<string, string> = new Map(),
  managedClusters?: ReadonlySet<string>,
  rollout?: DeliveryRollout,
): { parts?: PlannedPart[]; issues: ValidationIssue[] } {
  const checked = checkProps(deliveryPropsSchema, input, DELIVERY_OBJECT, ['repoURL', 'path']);
  if (!checked.props) return { issues: prefixed(checked.issues) };
  const issues = new IssueCollector(DELIVERY_OBJECT);
  const props = checked.props;
  const sorted = [...folders].sort((a, b) => byText(a.folder, b.folder));
  const ctx: DeliveryContext = {
    repoURL: props.repoURL,
    revision: props.revision ?? 'main',
    path: (props.path ?? 'dist').replace(/\/+$/, '') || '.',
    folders: sorted,
    delivered: sorted.filter((f) => !f.folder.startsWith(GITOPS_PREFIX)),
    placement,
    ...(managedClusters ? { managedClusters } : {}),
    ...(rollout ? { rollout } : {}),
    issues,
  };
  checkCommon(props, ctx);
  const parts: PlannedPart[] = [];
  if (props.argoCd) {
    const { part, settings } = planArgoCd(props.argoCd, ctx);
    parts.push(props.acm ? { ...part, objects: [...part.objects, ...planAcm(props.acm, props.argoCd, settings, ctx)] } : part);
  }
  if (props.flux) parts.push(...planFlux(props.flux, ctx));
  const found = issues.issues;
  if (checked.issues.length > 0) return { issues: prefixed(withSchemaFindings(checked, found)) };
  if (!found.some((i) => i.severity === 'error')) {
    for (const part of parts) checkApiSchemas(part.objects.map((o) => o.object as KubernetesObject), issues, ` (${part.folder})`);
  }
  const all = prefixed(issues.issues);
  return all.some((i) => i.severity === 'error') ? { issues: all } : { parts, issues: all };
}

/** Findings of the props carry `delivery.` before their path; those of planned objects (`spec...`, `metadata...`) too. */
function prefixed(issues: readonly ValidationIssue[]): ValidationIssue[] {
  return issues.map((i) => ({ ...i, path: i.path === '' ? 'delivery' : i.path.startsWith('delivery') ? i.path : `delivery.${i.path}` }));
}

/** DA1, DA4 and the engines: what every engine needs of the props. */
function checkCommon(props: DeliveryProps, ctx: DeliveryContext): void {
  const { issues } = ctx;
  if (!props.argoCd && !props.flux) issues.error('', 'neither argoCd nor flux is given, so nothing would deliver the folders.', 'Give argoCd or flux.');
  if (props.argoCd && props.flux) {
    issues.error('flux', 'argoCd and flux are both given: both would apply the same folders to the same clusters and undo each other\'s changes.', 'Keep one of them.');
  }
  if (props.acm && !props.argoCd) issues.error('acm', 'acm registers the destination clusters with Argo CD, but argoCd is not given.', 'Give argoCd, or remove acm.');
  checkRepoURL(props, issues);
  const path = props.path ?? 'dist';
  const trimmed = path.replace(/\/+$/, '');
  const relative = trimmed === '.' || (!path.startsWith('/') && trimmed.split('/').every((s) => s !== '' && s !== '.' && s !== '..' && s.trim() === s));
  if (!relative) {
    issues.error('path', `${quote(path)} is not a folder path relative to the repository root (no leading "/", no "..", no empty segment).`, 'Give the output folder\'s path from the repository root, e.g. dist or clusters/prod, or "." for the root.');
  }
  const revision = ctx.revision;
  if (revision.trim() === '' || /\s/.test(revision)) issues.error('revision', `${quote(revision)} is not a branch name.`, 'Give the branch the engines follow, e.g. main.');
}

/** DA1: a URL every engine given can fetch; Flux takes only http(s):// and ssh://. */
function checkRepoURL(props: DeliveryProps, issues: IssueCollector): void {
  const url = props.repoURL;
  if (url.trim() === '' || /\s/.test(url)) {
    issues.error('repoURL', `${quote(url)} is not a git URL.`, 'Give the repository\'s URL, e.g. https://git.example.com/org/fleet.git.');
    return;
  }
  if (!props.flux || FLUX_URL.test(url)) return;
  const scp = SCP_URL.exec(url);
  issues.error(
    'repoURL',
    `Flux takes only http://, https:// and ssh:// repository URLs, and ${quote(url)} is not one.`,
    scp ? `Write it as ssh://${scp[1]}@${scp[2]}/${scp[3]}.` : 'Give an https:// or ssh:// URL, e.g. ssh://git@git.example.com/org/fleet.git.',
  );
}
