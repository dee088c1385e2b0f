// Browser cases of "run it for real": the page's export of the scenario as a .zip for a Git repository.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { parseAllDocuments } from 'yaml';
import { foreignRequests, openPage } from './pageHelpers.mjs';

/** Each entry's Unix mode, from the zip's central directory (fflate's unzip does not return it). */
function unixModes(zip) {
  const modes = {};
  for (let i = 0; i + 46 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x02014b50) continue;
    const nameLength = zip.readUInt16LE(i + 28);
    const name = zip.subarray(i + 46, i + 46 + nameLength).toString('utf8');
    modes[name] = (zip.readUInt32LE(i + 38) >>> 16) & 0o777;
    i += 45 + nameLength;
  }
  return modes;
}

export function exportCases({ browser, base }) {
  const test = (name, fn) => ({ name, fn });
  return [
    test('export: Run for real downloads the scenario as a .zip of revisions, Argo CD objects and scripts', async () => {
      const record = await openPage(browser, base, '?scenario=revert');
      const { page } = record;
      try {
        await page.waitForSelector('[data-testid="export-repo"]:not([disabled])');
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.click('[data-testid="export-repo"]'),
        ]);
        assert.equal(download.suggestedFilename(), 'revert-repo.zip');
        const zip = readFileSync(await download.path());
        const files = unzipSync(new Uint8Array(zip));
        const names = Object.keys(files).sort();
        for (const name of ['README.md', 'make-repo.sh', 'run.sh', 'argocd/applications.yaml'])
          assert.ok(names.includes(`revert/${name}`), `${name} is missing from ${names.join(', ')}`);
        // The three revisions of the scenario, each a folder.
        assert.deepEqual(
          [...new Set(names.filter((n) => n.startsWith('revert/revisions/')).map((n) => n.split('/')[2]))],
          ['01-6.7.1', '02-6.7.0', '03-revert-6.7.0'],
        );
        for (const name of names.filter((n) => n.endsWith('.yaml')))
          for (const doc of parseAllDocuments(strFromU8(files[name]))) assert.deepEqual(doc.errors, [], name);
        const modes = unixModes(zip);
        assert.equal(modes['revert/run.sh'], 0o755);
        assert.equal(modes['revert/make-repo.sh'], 0o755);
        assert.equal(modes['revert/README.md'], 0o644);
        assert.match(strFromU8(files['revert/run.sh']), /^at 60\npush_revision r2$/m);
        assert.deepEqual(record.errors, []);
        assert.deepEqual(foreignRequests(record, base), [], 'requests to another origin');
      } finally {
        await record.close();
      }
    }),
  ];
}
