/**
 * The upgrade review of a synth: the HostedClusters, NodePools and multicluster engine
 * Subscription the library wrote last time (the files it owns in the output folder) against the
 * ones it writes now, through the pure rules of lib/core/upgrade.ts. Only files whose bytes
 * changed are read and only the documents of those kinds are parsed: an object in an unchanged
 * file has not moved, and an object added or removed is not an upgrade.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as jsYaml from 'js-yaml';
import type { ValidationIssue } from '../core';
import { upgradeFindings, versionChangeLines, versionChanges } from '../core/upgrade';
import { readManifest } from './output-folder';

export interface UpgradeReview {
  /** Errors (the operators would refuse the step) and warnings. */
  readonly findings: readonly ValidationIssue[];
  /** `Upgrades (in apply order):` and one line per version that moves; empty when none does. */
  readonly lines: readonly string[];
}

/** One file's content before and after. */
export interface FileContents {
  readonly before: string;
  readonly after: string;
}

const UPGRADE_KINDS = /^kind: (HostedCluster|NodePool|Subscription)$/m;

/** The objects of the kinds an upgrade concerns in a file as the synth writes it; text that does not parse is skipped. */
function upgradeObjects(content: string): unknown[] {
  if (!UPGRADE_KINDS.test(content)) return [];
  return content.split(/^---\n/m).flatMap((text) => {
    if (!UPGRADE_KINDS.test(text)) return [];
    try {
      return [jsYaml.load(text)];
    } catch {
      return []; // a file edited by hand: nothing to compare
    }
  });
}

/** The upgrade review of the changed files `files`. */
export function reviewUpgrades(files: Iterable<FileContents>): UpgradeReview {
  const previous: unknown[] = [];
  const planned: unknown[] = [];
  for (const { before, after } of files) {
    previous.push(...upgradeObjects(before));
    planned.push(...upgradeObjects(after));
  }
  return { findings: upgradeFindings(previous, planned), lines: versionChangeLines(versionChanges(previous, planned)) };
}

/** The upgrade review of a synth into `outdir`: its owned files against `next` (each file's name and a reader of its new content). */
export function reviewOutputFolder(outdir: string, next: ReadonlyMap<string, () => string>): UpgradeReview {
  const changed: FileContents[] = [];
  for (const name of readManifest(outdir)) {
    const file = path.join(outdir, name);
    const after = next.get(name);
    if (!after || !name.endsWith('.yaml') || !fs.existsSync(file)) continue;
    const [before, now] = [fs.readFileSync(file, 'utf8'), after()];
    if (before !== now) changed.push({ before, after: now });
  }
  return reviewUpgrades(changed);
}
