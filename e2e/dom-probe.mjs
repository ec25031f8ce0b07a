import { chromium } from 'playwright';
const [name, value] = process.argv[2].split('=');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
await ctx.addCookies([{ name, value, url: 'http://localhost:3150' }]);
const page = await ctx.newPage();
await page.goto('http://localhost:3150' + (process.argv[3] ?? '/task/procedure'));
await page.waitForTimeout(2500);
console.log(await page.evaluate(() => {
  const count = (el) => el ? el.querySelectorAll('*').length : 0;
  const out = { total: document.querySelectorAll('*').length };
  for (const sel of ['header', 'nav', 'main', 'footer', 'svg', '[role=dialog]', 'table', 'main ul', 'main li']) out[sel] = sel === 'svg' ? document.querySelectorAll('svg, svg *').length : count(document.querySelector(sel));
  out.mainLis = document.querySelectorAll('main li').length;
  out.bodyChildren = [...document.body.children].map((c) => c.tagName + '.' + c.className.toString().slice(0, 30) + ':' + count(c));
  return JSON.stringify(out, null, 1);
}));
await browser.close();
