/**
 * Photo pipeline benchmark: a 12 MP camera JPEG with a real face, from uploaded bytes to
 * approved through `moderateImage` with the real content checks (nudity, face rules, photo 1's
 * descriptor and face-scan match), beside sharp's own resize of the same file to the 1600 px
 * derivative, measured in the same run. Needs no database.
 */
import os from 'node:os';
import sharp from 'sharp';
import { type ContentCheckContext, createContentChecks, createVision } from '../workers/photo-moderation/content-checks.ts';
import type { ContentCheck } from '../workers/photo-moderation/pipeline.ts';
import { moderateImage } from '../workers/photo-moderation/pipeline.ts';
import { fixture } from '../workers/vision/test-photos.ts';
import { type LatencySummary, measure, ms, ratio, summarize } from './lib/stats.ts';

export interface PhotosBenchContext {
  log: (line: string) => void;
}

const ITERATIONS = Number(process.env.BENCH_PHOTO_ITERATIONS ?? 40);
const GOAL_P95_MS = 500;

/**
 * 4000 × 3000, like a phone camera's photo: the portrait enlarged to 2400 px over a blurred,
 * enlarged copy of itself, so the face is about 550 px wide, with sensor-like grain over all of
 * it so the file has a camera's size (a few megabytes), not that of a smooth enlargement.
 */
async function cameraPhoto(): Promise<Buffer> {
  const portrait = fixture('astronaut.jpg');
  const background = await sharp(portrait).resize(4000, 3000, { fit: 'cover' }).blur(12).toBuffer();
  const subject = await sharp(portrait).resize(2400, 2400).toBuffer();
  const grain = await sharp({
    create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .png()
    .toBuffer();
  const composed = await sharp(background)
    .composite([{ input: subject, left: 800, top: 300 }])
    .toBuffer();
  return sharp(composed)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** The checks, each wrapped to record its own time. */
function timed(checks: ContentCheck[], names: string[], spent: Map<string, number[]>): ContentCheck[] {
  return checks.map((check, i) => async (input) => {
    const started = process.hrtime.bigint();
    try {
      return await check(input);
    } finally {
      const list = spent.get(names[i]) ?? [];
      list.push(Number(process.hrtime.bigint() - started) / 1e6);
      spent.set(names[i], list);
    }
  });
}

export async function runPhotosBench({ log }: PhotosBenchContext): Promise<string> {
  const photo = await cameraPhoto();
  const meta = await sharp(photo).metadata();
  log(`photos: ${meta.width} × ${meta.height} JPEG, ${(photo.length / 1e6).toFixed(1)} MB`);

  const vision = createVision();
  const loadStarted = Date.now();
  const scan = await vision.faces.detect(fixture('astronaut.jpg'));
  const scanDescriptor = scan.faces[0].descriptor;
  const first = await moderateImage(photo, {
    purpose: 'profile',
    checks: createContentChecks(vision, { purpose: 'profile', slot: 1, scanDescriptor }),
  });
  const coldMs = Date.now() - loadStarted;
  if (first.status !== 'approved') throw new Error(`the benchmark photo was refused: ${JSON.stringify(first)}`);
  log(`  models loaded and first photo checked in ${coldMs} ms`);

  const baseline = summarize(
    await measure(() => sharp(photo).resize(1600, 1600, { fit: 'inside' }).jpeg({ quality: 82 }).toBuffer(), ITERATIONS),
  );
  log(`  sharp resize to 1600 px: p50 ${ms(baseline.p50)} p95 ${ms(baseline.p95)}`);

  const cases: Array<{ name: string; context: ContentCheckContext | null; checkNames: string[] }> = [
    { name: 'pipeline alone (decode, 3 derivatives, no checks)', context: null, checkNames: [] },
    { name: 'chat photo (nudity)', context: { purpose: 'chat', slot: null }, checkNames: ['nudity'] },
    { name: 'profile photo 2 (nudity, a face)', context: { purpose: 'profile', slot: 2 }, checkNames: ['nudity', 'faces'] },
    {
      name: 'profile photo 1 (nudity, one face, descriptor, face-scan match)',
      context: { purpose: 'profile', slot: 1, scanDescriptor },
      checkNames: ['nudity', 'faces'],
    },
  ];
  const rows: Array<{ name: string; summary: LatencySummary; checks: string }> = [];
  for (const { name, context, checkNames } of cases) {
    const spent = new Map<string, number[]>();
    const summary = summarize(
      await measure(async () => {
        const checks = context ? timed(createContentChecks(vision, context), checkNames, spent) : [];
        const result = await moderateImage(photo, { purpose: context?.purpose ?? 'profile', checks });
        if (result.status !== 'approved') throw new Error(`${name}: refused ${JSON.stringify(result)}`);
      }, ITERATIONS),
    );
    const checks = [...spent].map(([check, times]) => `${check} ${ms(summarize(times).p50)}`).join(', ') || '—';
    rows.push({ name, summary, checks });
    log(`  ${name}: p50 ${ms(summary.p50)} p95 ${ms(summary.p95)} (${checks})`);
  }

  const photo1 = rows[rows.length - 1].summary;
  const cpus = os.cpus();
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${ms(r.summary.p50)} | ${ms(r.summary.p95)} | ${ratio(r.summary.p50, baseline.p50)} | ${ratio(r.summary.p95, baseline.p95)} | ${r.checks} |`,
    )
    .join('\n');
  return `## Photo moderation (\`bench/photos.bench.ts\`)

Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${cpus.length} x ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at the end.
One ${meta.width} × ${meta.height} JPEG (${(photo.length / 1e6).toFixed(1)} MB, a portrait whose face is about 550 px wide, with grain) from bytes to
\`approved\` through \`moderateImage\`, ${ITERATIONS} runs per case after a warm-up, one at a time. Models load once per process:
the first photo, loading included, took ${coldMs} ms.

Baseline measured in the same run: sharp's own resize of the same file to the 1600 px JPEG, p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}.

| case | p50 | p95 | p50 / sharp resize | p95 / sharp resize | time in each check (p50) |
|---|---|---|---|---|---|
${table}

Profile photo 1, the slowest case, p95: ${ms(photo1.p95)} (goal: at most ${GOAL_P95_MS} ms) — ${photo1.p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}.
Detector choices behind these numbers and what they cost in accuracy: docs/vision.md.
`;
}
