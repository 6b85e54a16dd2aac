/**
 * The YAML the library writes (the synth's files, the objects serialized into NodePool
 * ConfigMaps): js-yaml's `dump`, about five times faster than the `yaml` package
 * cdk8s uses, with output that YAML 1.2 readers (the `yaml` package, Argo CD, Flux) and YAML 1.1
 * readers (kubectl's go-yaml) read back as the same objects. Keys keep the order of the documents
 * (cdk8s's: apiVersion, kind, metadata, then sorted), so the bytes are deterministic.
 */

import * as jsYaml from 'js-yaml';

/**
 * js-yaml quotes every string a YAML 1.2 reader would take for another type, and (compat mode,
 * its default) YAML 1.1 booleans such as `on`/`yes` and sexagesimals such as `1:20`. YAML 1.1
 * readers also take digits with underscores for numbers (go-yaml drops the `_`: `1_000` is 1000),
 * which YAML 1.2 does not: this type, used only to decide quoting, makes those strings quoted too.
 */
const GO_YAML_NUMBER = /^[-+]?(?:0[xX][0-9a-fA-F]+|0[oO]?[0-7]+|0[bB][01]+|[0-9]+|(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;
const yaml11Number = new jsYaml.Type('tag:hcp-constructs,2025:yaml-1.1-number', {
  kind: 'scalar',
  resolve: (text) => text.includes('_') && GO_YAML_NUMBER.test(text.replace(/_/g, '')),
});
/**
 * js-yaml's default schema without its explicit types (binary, omap, pairs, set), which only ever
 * match non-JSON values: the dumper tries each of them on every node, so leaving them out saves
 * about 7% of the dump and changes no byte.
 */
const { timestamp, merge } = (jsYaml as unknown as { types: Record<'timestamp' | 'merge', jsYaml.Type> }).types; // not in @types/js-yaml
const SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [timestamp, merge, yaml11Number] });

/** No anchors for repeated values (Kubernetes tools expect plain documents), no line folding. */
const DUMP_OPTIONS = { noRefs: true, lineWidth: -1, quotingType: '"', schema: SCHEMA } as const;

/** One YAML document (ends with a newline). */
export function toYaml(document: unknown): string {
  return jsYaml.dump(document, DUMP_OPTIONS);
}

/** Several documents in one YAML stream, separated by `---` as cdk8s writes them. */
export function toYamlStream(documents: readonly unknown[]): string {
  return documents.map(toYaml).join(DOCUMENT_SEPARATOR);
}

/** What comes between two documents of a stream: documents written one by one with {@link toYaml} and joined with it make the same stream. */
export const DOCUMENT_SEPARATOR = '---\n';
