/** `npm run synth`: writes the built-in example into dist/ (or $CDK8S_OUTDIR). */
import { runSynth } from '../lib/cdk8s';
import { defineExample } from './app';

process.exitCode = runSynth(process.env.CDK8S_OUTDIR ?? 'dist', defineExample);
