/**
 * How likely a photo is to be explicit, through nsfwjs's MobileNetV2 model (224 × 224 input,
 * five classes) on the shared wasm tfjs. The model's topology and weights ship inside the
 * nsfwjs package as JavaScript bundles; they are read from there, never fetched.
 *
 * The photo can also be read mirrored: it shows the same thing, yet on our ordinary photos one
 * reading alone reached 0.92 Porn (a grayscale motorcycle) while its mirror read 0.37. The
 * decision what to refuse, and when to read twice, is not here: see nudity-rule.ts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfjs from '@tensorflow/tfjs';
import { type ImageInput, squeezeRaw } from './raw-image.ts';
import { wasmTf } from './tf-backend.ts';

/** The model's five probabilities (they add up to 1). */
export interface NudityScores {
  drawing: number;
  hentai: number;
  neutral: number;
  porn: number;
  sexy: number;
}

export interface ClassifyOptions {
  /** Read the photo flipped left to right. */
  mirrored?: boolean;
}

export interface NudityClassifier {
  classify(image: ImageInput, options?: ClassifyOptions): Promise<NudityScores>;
}

type NsfwModel = Awaited<ReturnType<(typeof import('nsfwjs'))['load']>>;

const require = createRequire(import.meta.url);
/** The package's folder (its exports map hides the model bundles from `require`). */
const PACKAGE_DIR = path.resolve(path.dirname(require.resolve('nsfwjs')), '..', '..');
const MODEL_DIR = path.join(PACKAGE_DIR, 'dist', 'models', 'mobilenet_v2');
const INPUT_SIDE = 224;
const CLASS_NAMES = { Drawing: 'drawing', Hentai: 'hentai', Neutral: 'neutral', Porn: 'porn', Sexy: 'sexy' } as const;

interface ModelBundle {
  modelTopology: object;
  weightsManifest: Array<{ paths: string[]; weights: tfjs.io.WeightsManifestEntry[] }>;
}

/** The bundled model as tfjs model artifacts, from the package's files. */
function bundledModel(): tfjs.io.IOHandler {
  return {
    async load() {
      const bundle = require(path.join(MODEL_DIR, 'model.min.js')) as ModelBundle;
      const shards = bundle.weightsManifest.flatMap((group) =>
        group.paths.map((shard) => Buffer.from(require(path.join(MODEL_DIR, `${shard}.min.js`)) as string, 'base64')),
      );
      const weights = Buffer.concat(shards);
      return {
        modelTopology: bundle.modelTopology,
        weightSpecs: bundle.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

let loaded: Promise<NsfwModel> | null = null;

async function loadModel(): Promise<NsfwModel> {
  await wasmTf();
  const nsfwjs = await import('nsfwjs');
  return nsfwjs.load(bundledModel() as never, { size: INPUT_SIDE });
}

/** Loads the model once per process (about a second), then classifies on demand. */
export function createNudityClassifier(): NudityClassifier {
  return {
    async classify(image, options = {}) {
      loaded ??= loadModel().catch((error: unknown) => {
        loaded = null;
        throw error;
      });
      const model = await loaded;
      const tf = await wasmTf();
      // The model sees the whole picture squeezed to a square, as nsfwjs itself would resize it.
      const pixels = await squeezeRaw(image, INPUT_SIDE);
      const input = tf.tidy(() => {
        const upright = tf.tensor3d(new Int32Array(pixels.data), [INPUT_SIDE, INPUT_SIDE, 3], 'int32');
        return options.mirrored ? tf.reverse(upright, 1) : upright;
      });
      try {
        const scores: NudityScores = { drawing: 0, hentai: 0, neutral: 0, porn: 0, sexy: 0 };
        for (const { className, probability } of await model.classify(input as never, 5)) scores[CLASS_NAMES[className]] = probability;
        return scores;
      } finally {
        input.dispose();
      }
    },
  };
}
