import { zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFiles } from './readDropped';

describe('readFiles', () => {
  it("drops a zipped folder's own name once, keeping the folders an Application's path names", async () => {
    // A zip of myapp/ whose objects all sit in myapp/apps/: the Application's `path: apps` must still find them.
    const zip = zipSync({
      'myapp/apps/a.yaml': strToU8('kind: ConfigMap\n'),
      'myapp/apps/b.yaml': strToU8('kind: Secret\n'),
    });
    const dropped = await readFiles([new File([zip], 'myapp.zip')]);
    expect(dropped.files.map((f) => f.path)).toEqual(['apps/a.yaml', 'apps/b.yaml']);
    expect(dropped.source).toBe('myapp');
  });

  it("drops a picked folder's own name, as a zip's", async () => {
    const file = new File(['kind: ConfigMap\n'], 'a.yaml');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'myapp/apps/a.yaml' });
    const dropped = await readFiles([file]);
    expect(dropped.files.map((f) => f.path)).toEqual(['apps/a.yaml']);
  });
});

describe('readFiles: the file limit applies before any file is read', () => {
  it('refuses 5,001 dropped YAML files without reading one', async () => {
    let read = 0;
    const files = Array.from({ length: 5_001 }, (_, i) => {
      const file = new File(['kind: ConfigMap\n'], `cm${i}.yaml`);
      file.text = () => {
        read++;
        return Promise.resolve('kind: ConfigMap\n');
      };
      return file;
    });
    await expect(readFiles(files)).rejects.toThrow(
      'The drop holds 5,001 YAML, JSON and .zip files; the sandbox reads at most 5,000.',
    );
    expect(read).toBe(0);
  });
});

describe('readFiles: a file that is not UTF-8 is refused at its place (issue 31)', () => {
  const latin1 = new Uint8Array([
    ...new TextEncoder().encode('kind: ConfigMap\ndata:\n  x: caf'),
    0xe9,
    0x0a,
  ]);

  it('a dropped YAML file, at file:line:col and byte offset', async () => {
    await expect(readFiles([new File([latin1], 'cm.yaml')])).rejects.toThrow(
      /^cm\.yaml:3:9: the file is not UTF-8: byte 0xe9 at byte offset 30 /,
    );
  });

  it('an entry of a dropped .zip, named in the zip', async () => {
    const zip = zipSync({ 'app/cm.yaml': latin1 });
    await expect(readFiles([new File([zip], 'app.zip')])).rejects.toThrow(
      /^app\.zip: app\/cm\.yaml:3:9: the file is not UTF-8: byte 0xe9 at byte offset 30 /,
    );
  });
});
