/**
 * Upload memory benchmark: on a fresh, seeded database with the API as its own process in production
 * mode (bench/harness.ts), uploads ten files of 9.5 MB in one multipart request to a draft
 * requisition. Prints the API process's peak resident memory (VmHWM) before and after, so the cost
 * of an upload can be compared across versions (BENCH_API_ROOT points at another checkout's `api/`).
 *
 *   npm run bench:upload -w api
 */
import { readFileSync } from 'node:fs';
import { withBenchApi } from './harness.js';

const port = Number(process.env.BENCH_PORT ?? 4611);
const FILES = 10;
const FILE_BYTES = 9.5 * 1024 * 1024;

const peakKb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

/** A PDF-looking file of `bytes` (a valid header, padding after it: the type check reads the header). */
function pdfOf(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  file.write('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n', 0, 'latin1');
  file.write('\n%%EOF\n', bytes - 7, 'latin1');
  return file;
}

async function main(): Promise<void> {
  await withBenchApi({ name: 'upload', port }, async ({ base, pid, signIn }) => {
    const { token, organizationId } = await signIn('user@acme.test');
    const headers = { authorization: `Bearer ${token}`, 'x-organization-id': organizationId };
    const centers = (await (
      await fetch(`${base}/api/organizations/${headers['x-organization-id']}/cost-centers`, { headers })
    ).json()) as { cost_centers: { id: string }[] };
    const accounts = (await (
      await fetch(`${base}/api/organizations/${headers['x-organization-id']}/gl-accounts`, { headers })
    ).json()) as { gl_accounts: { id: string }[] };
    const created = await fetch(`${base}/api/requisitions`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        cost_center_id: centers.cost_centers[0]!.id,
        gl_account_id: accounts.gl_accounts[0]!.id,
        line_items: [
          { description: 'Upload benchmark', quantity: 1, unit_price: 10, unit_of_measure: 'each' },
        ],
      }),
    });
    const { requisition } = (await created.json()) as { requisition: { id: string } };

    const before = peakKb(pid);
    const form = new FormData();
    form.set('entity_type', 'requisition');
    form.set('entity_id', requisition.id);
    for (let i = 0; i < FILES; i++)
      form.append('files', new Blob([new Uint8Array(pdfOf(FILE_BYTES))]), `quote-${i}.pdf`);
    const started = performance.now();
    const upload = await fetch(`${base}/api/attachments/upload`, { method: 'POST', headers, body: form });
    const ms = Math.round(performance.now() - started);
    const after = peakKb(pid);
    console.info(
      `upload of ${FILES} × ${(FILE_BYTES / 1048576).toFixed(1)} MB: ${upload.status} in ${ms} ms; ` +
        `API peak RSS ${Math.round(before / 1024)} MB before, ${Math.round(after / 1024)} MB after ` +
        `(+${Math.round((after - before) / 1024)} MB)`,
    );
    if (upload.status !== 201) process.exitCode = 1;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
