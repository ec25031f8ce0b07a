import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { tinyDocx, tinyJpeg, tinyOle2, tinyPdf, tinyPng, zip } from '../test/files';
import { cleanFileName, detectContentType } from './file-type';
import { LocalFileStore, newStorageKey } from './files';

describe('detectContentType', () => {
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
  const xlsx = zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
  const pptx = zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' });

  it.each([
    [tinyPng(), 'a.png', 'image/png'],
    [tinyPng(), 'a.pdf', 'image/png'],
    [tinyJpeg(), 'a', 'image/jpeg'],
    [gif, 'a.gif', 'image/gif'],
    [webp, 'a.webp', 'image/webp'],
    [tinyPdf(), 'a.png', 'application/pdf'],
    [tinyOle2(), 'a.doc', 'application/msword'],
    [tinyOle2(), 'a.xls', 'application/vnd.ms-excel'],
    [tinyOle2(), 'A.PPT', 'application/vnd.ms-powerpoint'],
    [tinyDocx(), 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    [xlsx, 'a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    [pptx, 'a.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  ])('recognises %#: %s', (data, name, type) => {
    expect(detectContentType(data, name)).toBe(type);
  });

  it.each([
    [Buffer.from('hello'), 'a.png'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg'],
    [Buffer.from('<html><script>alert(1)</script></html>'), 'a.pdf'],
    [Buffer.alloc(0), 'a.pdf'],
    [Buffer.from('RIFF\0\0\0\0WAVE'), 'a.webp'],
    [tinyOle2(), 'a.msi'],
    [tinyDocx(), 'a.zip'],
    [tinyDocx(), 'a.pptx'],
    [zip({ 'word/document.xml': '<w/>' }), 'a.docx'],
  ])('refuses %#: %s', (data, name) => {
    expect(detectContentType(data, name)).toBeNull();
  });
});

describe('cleanFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['C:\\Users\\me\\scan.pdf', 'scan.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['a\u0000b\nc.png', 'abc.png'],
    ['  spaced.pdf  ', 'spaced.pdf'],
    ['', 'file'],
    [undefined, 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
  ])('%j -> %j', (given, expected) => {
    expect(cleanFileName(given)).toBe(expected);
  });

  it('cuts a long name without splitting an emoji and keeps the extension', () => {
    const name = cleanFileName(`a${'😀'.repeat(150)}.pdf`);
    expect(name.endsWith('.pdf')).toBe(true);
    expect(name.length).toBeLessThanOrEqual(200);
    expect(() => encodeURIComponent(name)).not.toThrow();
  });

  it('shortens a long name but keeps its extension', () => {
    const cleaned = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.docx')).toBe(true);
  });
});

describe('LocalFileStore', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pgel-store-'));
  const store = new LocalFileStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes, reads back and removes', async () => {
    const key = newStorageKey(new Date('2025-04-09T10:00:00Z'));
    expect(key).toMatch(/^2025\/04\/[0-9a-f-]{36}$/);
    await store.put(key, Buffer.from('hello'));
    expect(readFileSync(path.join(root, key), 'utf8')).toBe('hello');
    const stream = await store.open(key);
    expect(stream && (await text(stream))).toBe('hello');
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    await store.remove(key); // a missing key is not an error
  });

  it('never overwrites a file', async () => {
    const key = newStorageKey();
    await store.put(key, Buffer.from('first'));
    await expect(store.put(key, Buffer.from('second'))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(path.join(root, key), 'utf8')).toBe('first');
  });

  it('refuses a key that leaves its folder', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow('invalid storage key');
    await expect(store.open('/etc/passwd')).rejects.toThrow('invalid storage key');
    expect(() => store.pathOf('2025/../../x')).toThrow('invalid storage key');
  });
});
