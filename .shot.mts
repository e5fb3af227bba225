import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:4620';
const url = process.argv[2] ?? '/1/playground?sensor=1&metric=soil.moisture&axis=%25&label=Soil%20moisture';
const name = process.argv[3] ?? 'chart';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of [1440, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 800 } });
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
  await page.goto(base + '/login');
  await page.getByLabel('Account name').fill('admin@demo.paddock.example');
  await page.getByLabel('Password', { exact: true }).fill('DemoPaddock#2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => !/\/(login|redirect)$/.test(u.pathname));
  if (process.env.SETUP) await page.evaluate(process.env.SETUP);
  await page.goto(base + url);
  await page.waitForSelector('[data-testid="series-chart"]');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/chart-shots/${name}-${width}.png`, fullPage: true });
  const m = await page.evaluate(() => performance.getEntriesByName('paddock:chart-draw').map((e) => e.duration));
  console.log(width, 'draw', m);
  await page.close();
}
await browser.close();
