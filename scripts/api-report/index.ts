/**
 * The public surface of every entry point in package.json "exports", as API Extractor reports it:
 * api/<entry>.api.md (committed), from the built declarations (the .d.ts files under build/lib).
 *
 *   npm run api          builds, then writes the reports
 *   npm run api:check    builds, then fails naming the entry, with the diff, when a report is not
 *                        what the declarations give (`npm test` runs this check after its build)
 *
 * Offline and a few seconds: one TypeScript program serves every entry, and it holds only the
 * library's own declarations (`noResolve`): the report prints imported types as written, so
 * parsing @pulumi/aws (about 40 MB of declarations) would change nothing but the time.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CompilerState, Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';
import type { ExtractorMessage } from '@microsoft/api-extractor';
import { compareReports, entries, exportedNames, lineCount } from './compare';
import type { Entry } from './compare';

const REPO = path.resolve(__dirname, '../..');
const REPORT_DIR = path.join(REPO, 'api');
/** Where API Extractor writes; inside build/, which git ignores. */
const WORK_DIR = path.join(REPO, 'build', 'api-report');

/** The report API Extractor gives for each entry, by report file name; throws when it cannot analyse one. */
function extractReports(list: readonly Entry[]): Map<string, string> {
  const missing = list.filter((entry) => !fs.existsSync(entry.declarations));
  if (missing.length > 0) throw new Error(`${missing.map((e) => path.relative(REPO, e.declarations)).join(', ')} missing: run \`npm run build\` first.`);
  const configs = list.map((entry) => extractorConfig(entry));
  const compilerState = CompilerState.create(configs[0], { additionalEntryPoints: configs.map((c) => c.mainEntryPointFilePath) });
  const reports = new Map<string, string>();
  list.forEach((entry, index) => {
    const problems: string[] = [];
    const messageCallback = (message: ExtractorMessage) => {
      message.handled = true;
      // The report is compared below; API Extractor's own notes about its copy are noise.
      if (message.messageId.startsWith('console-api-report-')) return;
      if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning) problems.push(message.formatMessageWithLocation(REPO));
    };
    const result = Extractor.invoke(configs[index], { localBuild: true, compilerState, messageCallback });
    if (!result.succeeded || problems.length > 0) throw new Error(`API Extractor could not report ${entry.specifier}:\n${problems.join('\n')}`);
    reports.set(entry.report, fs.readFileSync(path.join(WORK_DIR, 'temp', entry.report), 'utf8'));
  });
  return reports;
}

function extractorConfig(entry: Entry): ExtractorConfig {
  const none = { logLevel: ExtractorLogLevel.None };
  return ExtractorConfig.prepare({
    configObject: {
      projectFolder: REPO,
      mainEntryPointFilePath: entry.declarations,
      compiler: {
        overrideTsconfig: {
          compilerOptions: { target: 'ES2022', module: 'commonjs', moduleResolution: 'node', lib: ['ES2022'], types: [], strict: true, noResolve: true },
          include: [path.join(REPO, 'build/lib/**/*.d.ts')],
        },
      },
      // API Extractor writes the report into reportTempFolder and copies it to reportFolder; both are
      // its own, and main() compares with api/ itself, to show the diff.
      apiReport: { enabled: true, reportFileName: entry.report, reportFolder: WORK_DIR, reportTempFolder: path.join(WORK_DIR, 'temp') },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      newlineKind: 'lf',
      messages: {
        // `npm run build` has type-checked these declarations; here the imported packages are left
        // out (noResolve), so the compiler's complaints about them say nothing.
        compilerMessageReporting: { default: none },
        // Findings about the surface are written into the report, where a reviewer sees them, except:
        // no release tags are used (an entry's exports are all public); missing documentation is
        // marked `(undocumented)` in the report anyway; the types a public signature
        // names without exporting them include the generated Kubernetes API types, which stay
        // internal (hundreds of warnings, or thousands of lines with includeForgottenExports); and
        // {@link}s across entry points cannot resolve, since each entry is analysed alone.
        extractorMessageReporting: {
          default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
          'ae-missing-release-tag': none,
          'ae-undocumented': none,
          'ae-forgotten-export': none,
          'ae-unresolved-link': none,
        },
        // The JSDoc uses `@default` (as cdk8s and aws-cdk do), not TSDoc's `@defaultValue`.
        tsdocMessageReporting: { default: none },
      },
    },
    configObjectFullPath: path.join(REPO, 'api-extractor.json'),
    packageJsonFullPath: path.join(REPO, 'package.json'),
  });
}

function readCommitted(): Map<string, string> {
  const files = fs.existsSync(REPORT_DIR) ? fs.readdirSync(REPORT_DIR).filter((f) => f.endsWith('.api.md')) : [];
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(REPORT_DIR, f), 'utf8')]));
}

function main(check: boolean): number {
  const started = Date.now();
  const list = entries(JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')), REPO);
  const generated = extractReports(list);
  const committed = readCommitted();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const sizes = list.map((e) => `  ${e.specifier}: ${lineCount(generated.get(e.report)!)} lines, ${exportedNames(generated.get(e.report)!).length} exported names`);
  if (check) {
    const problems = compareReports(list, generated, committed);
    if (problems.length === 0) {
      console.log(`API reports match the built declarations (${seconds} s).`);
      return 0;
    }
    console.error(`The public API changed without its report:\n\n${problems.join('\n\n')}\n\nIf the change is intended, run \`npm run api\` and commit api/.`);
    return 1;
  }
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  for (const file of committed.keys()) if (!generated.has(file)) fs.rmSync(path.join(REPORT_DIR, file));
  for (const [file, text] of generated) if (committed.get(file) !== text) fs.writeFileSync(path.join(REPORT_DIR, file), text);
  console.log(`Wrote api/ (${seconds} s):\n${sizes.join('\n')}`);
  return 0;
}

try {
  process.exitCode = main(process.argv.includes('--check'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}
