// Renders the app's install icons (issue 29) from the brand mark of public/favicon.svg into
// public/icons/: the PNGs are committed, so the build needs nothing of this; run it again only
// when the mark changes. It uses the Chromium that Playwright drives (/usr/bin/chromium), so no
// image library is installed for it.
//   node apps/web/scripts/render-icons.mjs
//
// - icon-192.png, icon-512.png: the mark as the favicon draws it (rounded square, transparent
//   corners), for launchers that show an icon as it is.
// - icon-maskable-192.png, icon-maskable-512.png: the teal fills the whole square and the book
//   sits inside the central circle of 80 % that every mask keeps (Android's circles, squircles).
// - apple-touch-icon.png (180 px): full square with no transparency; iOS rounds it itself.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(here, '..', 'public');
const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon's drawing (everything inside <svg>, without its <title>). */
const mark = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(favicon)?.[1]?.replace(/<title>[\s\S]*?<\/title>/, '');
const background = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1];
if (!mark || !background) throw new Error('favicon.svg: no drawing or no background colour found');
/** The book alone: the favicon's paths, without its rounded square. */
const book = mark.replace(/<rect[^>]*\/>/, '');

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;
const fullSquare = (scale) =>
  svg(
    `<rect width="32" height="32" fill="${background}"/>` +
      `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${book}</g>`,
  );

const icons = [
  { file: 'icon-192.png', size: 192, svg: svg(mark) },
  { file: 'icon-512.png', size: 512, svg: svg(mark) },
  { file: 'icon-maskable-192.png', size: 192, svg: fullSquare(0.8) },
  { file: 'icon-maskable-512.png', size: 512, svg: fullSquare(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullSquare(0.95) },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        `<img alt="" width="${icon.size}" height="${icon.size}" style="display:block" ` +
        `src="data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}"></body></html>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({
      path: path.join(publicDir, 'icons', icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`wrote public/icons/${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
