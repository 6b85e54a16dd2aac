/**
 * The published declarations (build/lib, written by `npm run build`, which `npm test` runs first)
 * as a consumer's compiler reads them, from each entry point: they must not reach valibot (whose
 * own declarations would cost a consumer several seconds of type-checking: npm run
 * bench:typecheck), and the ones of this package must be free of errors under the `cdk8s init`
 * tsconfig (no skipLibCheck), which also catches a public declaration that names one stripped as
 * `@internal`.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { CDK8S_APP_TSCONFIG } from '../../bench/consumer-project';

const build = path.resolve(__dirname, '../../build/lib');
/** The declarations of package.json's entry points (`exports`), relative to build/lib. */
const ENTRIES: string[] = Object.values(JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')).exports as Record<string, { types?: string }>)
  .flatMap((entry) => (typeof entry === 'object' && entry.types ? [path.relative('build/lib', entry.types)] : []));

function program(entry: string): ts.Program {
  const file = path.join(build, entry);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first (npm test does).`);
  const { options, errors } = ts.convertCompilerOptionsFromJson({ ...CDK8S_APP_TSCONFIG.compilerOptions, noEmit: true, types: [] }, build);
  expect(errors).toEqual([]);
  return ts.createProgram([file], options);
}

test('package.json names the entry points', () => {
  expect(ENTRIES).toEqual(expect.arrayContaining(['index.d.ts', 'cdk8s/index.d.ts', 'pulumi/index.d.ts']));
});

describe.each(ENTRIES)('the declarations of %s', (entry) => {
  let built: ts.Program;
  beforeAll(() => {
    built = program(entry);
  });

  test('reach no valibot', () => {
    const files = built.getSourceFiles().map((f) => path.relative(path.resolve(build, '../..'), f.fileName));
    expect(files.filter((f) => /node_modules[\\/]valibot[\\/]/.test(f))).toEqual([]);
    expect(files.filter((f) => /valibot\.d\.ts$/.test(f))).toEqual([]);
    expect(files).toContain(`build/lib/${entry}`);
  });

  test('have no errors', () => {
    const own = built.getSourceFiles().filter((f) => f.fileName.startsWith(build));
    const diagnostics = own.flatMap((f) => [...built.getSyntacticDiagnostics(f), ...built.getSemanticDiagnostics(f)]);
    const text = diagnostics.map((d) => `${path.relative(build, d.file?.fileName ?? '')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(text).toEqual([]);
  });
});
