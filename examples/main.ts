/** `npm run synth`: writes the built-in example into $CDK8S_OUTDIR (as `cdk8s synth` sets it), else dist/. */
import { runSynth } from '../lib/cdk8s';
import { defineExample } from './app';

process.exitCode = runSynth(defineExample);
