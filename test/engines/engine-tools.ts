/**
 * Where the tools built by engines/build.sh are: the per-machine cache (HCP_ENGINES_CACHE, by
 * default ~/.cache/hcp-constructs/engines), its bin/ holding pulumi, pulumi-language-nodejs,
 * pulumi-resource-pulumi-nodejs, pulumi-resource-kubernetes, kube-apiserver, etcd, kubectl and kustomize.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const ENGINES_CACHE = process.env.HCP_ENGINES_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'hcp-constructs', 'engines');
export const ENGINES_BIN = path.join(ENGINES_CACHE, 'bin');

/** The path of a built tool, or undefined when engines/build.sh has not built it on this machine. */
export function engineTool(name: string): string | undefined {
  const file = path.join(ENGINES_BIN, name);
  return fs.existsSync(file) ? file : undefined;
}

/** kubectl as the tests run it: the one engines/build.sh built, else the one on PATH. */
export const KUBECTL = engineTool('kubectl') ?? 'kubectl';
