// @ts-check
/**
 * A TypeDoc plugin (typedoc.json "plugin"): each page of the documentation site built from
 * projectDocuments (README.md's guides in docs/, CHANGELOG.md) is named after its first `# `
 * heading, "Agent and bare-metal hosts" rather than the path "docs/agent". TypeDoc takes a name
 * from a `title:` front matter too, but GitHub shows front matter as a table above the page, and
 * the guides are read there as much as on the site.
 */
import { Converter } from 'typedoc';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const first = document.content.map((part) => part.text).join('');
    const title = /^# +(.+?) *$/.exec(first.split('\n').find((line) => line.trim() !== '' && !line.startsWith('<!--')) ?? ''); // a generated page starts with a comment
    if (title) document.name = title[1].replace(/`/g, '');
  });
}
