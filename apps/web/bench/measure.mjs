// Figures of the web app, measured in Debian's chromium against the build served from two
// origins (serve.mjs): cold and warm load to first picture per language, bytes transferred
// per language, step-to-screen time (median of 60 steps) on a 300-node linked list and on
// Dijkstra, and the share-link length of each example. Usage: node bench/measure.mjs
// (after `npx vite build`); prints a Markdown table.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { launch } from '../../../tests/browser/helpers.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..', '..');
const PORT = 20000 + Math.floor(Math.random() * 20000) * 2;
const APP = `http://localhost:${PORT}/`;

const server = spawn(process.execPath, [path.join(HERE, '..', 'serve.mjs'), '--port', String(PORT), '--log'], { stdio: ['ignore', 'pipe', 'inherit'] });
/** Every request served: [origin, method, path, status, bytes]. */
const served = [];
await new Promise((resolve) => {
  let text = '';
  server.stdout.on('data', (chunk) => {
    text += chunk;
    const lines = text.split('\n');
    text = lines.pop();
    for (const line of lines) {
      if (line.startsWith('app http')) resolve();
      else served.push(line.split(' '));
    }
  });
});
const browser = await launch();

const EXT = { python: 'py', javascript: 'js', typescript: 'ts' };

/** Opens the app, picks `example`, runs it; ms from navigation to the first picture, bytes. */
async function firstPicture(context, language, example) {
  const page = await context.newPage();
  const from = served.length;
  const t0 = Date.now();
  await page.goto(APP);
  await page.waitForSelector('body[data-runner="ready"]');
  await page.selectOption('#language', language);
  await page.selectOption('#example', `${example}.${EXT[language]}`);
  await page.click('#run');
  await page.waitForSelector('#stepper[data-step]', { timeout: 60_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  const ms = Date.now() - t0;
  await page.waitForTimeout(300);
  await page.close();
  const lines = served.slice(from);
  const sum = (rows) => rows.reduce((n, r) => n + Number(r[4]), 0);
  return { ms, bytes: sum(lines), pyodide: sum(lines.filter((r) => r[2].startsWith('/pyodide/'))), requests: lines.length };
}

/** Bytes as megabytes (10^6). */
function mb(n) {
  return (n / 1e6).toFixed(2) + ' MB';
}

/** Median ms from a Next click to the next painted frame, over 60 steps from `from`. */
async function stepToScreen(language, code) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto(APP);
  await page.waitForSelector('body[data-runner="ready"]');
  await page.selectOption('#language', language);
  await page.click('#editor .cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
  await page.click('#run');
  await page.waitForSelector('#stepper[data-step]', { timeout: 60_000 });
  const count = Number(await page.evaluate(() => document.getElementById('stepper').dataset.steps));
  await page.locator('#slider').fill(String(Math.max(1, Math.floor(count / 2) - 30)));
  const times = await page.evaluate(async () => {
    const next = document.getElementById('next');
    const out = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      next.click();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      out.push(performance.now() - t0);
    }
    return out;
  });
  await context.close();
  times.sort((a, b) => a - b);
  return { steps: count, median: (times[29] + times[30]) / 2 };
}

const rows = [];
for (const [language, example] of [['python', 'linked_list'], ['javascript', 'linked_list'], ['typescript', 'linked_list']]) {
  const context = await browser.newContext();
  const cold = await firstPicture(context, language, example);
  const warm = await firstPicture(context, language, example);
  await context.close();
  rows.push(`| ${language} | ${cold.ms} | ${warm.ms} | ${mb(cold.bytes)} in ${cold.requests} requests (Pyodide ${mb(cold.pyodide)}) | ${mb(warm.bytes)} |`);
}
console.log('| language (linked_list example) | cold load → first picture, ms | warm (cached), ms | bytes served, cold (gzip) | bytes served, warm |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);

const linked300 = {
  python: 'class Node:\n    def __init__(self, value, next=None):\n        self.value = value\n        self.next = next\n\nhead = None\nfor i in range(300):\n    head = Node(i, head)\nnode = head\ntotal = 0\nwhile node is not None:\n    total += node.value\n    node = node.next\nprint(total)\n',
  javascript: 'class Node {\n  constructor(value, next = null) {\n    this.value = value;\n    this.next = next;\n  }\n}\nlet head = null;\nfor (let i = 0; i < 300; i++) {\n  head = new Node(i, head);\n}\nlet node = head;\nlet total = 0;\nwhile (node !== null) {\n  total += node.value;\n  node = node.next;\n}\nconsole.log(total);\n',
};
console.log('\n| program | steps | step-to-screen median of 60 steps, ms |');
console.log('|---|---|---|');
for (const language of ['python', 'javascript']) {
  const r = await stepToScreen(language, linked300[language]);
  console.log(`| 300-node linked list (${language}) | ${r.steps} | ${r.median.toFixed(1)} |`);
  const d = await stepToScreen(language, readFileSync(path.join(ROOT, 'examples', language, `dijkstra.${EXT[language]}`), 'utf8'));
  console.log(`| dijkstra.${EXT[language]} | ${d.steps} | ${d.median.toFixed(1)} |`);
}

console.log('\n| example | share link length (py / js / ts), characters |');
console.log('|---|---|');
for (const file of readdirSync(path.join(ROOT, 'examples', 'python')).sort()) {
  const name = file.replace(/\.py$/, '');
  const lengths = ['python', 'javascript', 'typescript'].map((language) => {
    const code = readFileSync(path.join(ROOT, 'examples', language, `${name}.${EXT[language]}`), 'utf8');
    const json = JSON.stringify({ language, code, stdin: '' });
    return 4 + deflateRawSync(Buffer.from(json)).toString('base64url').length;
  });
  console.log(`| ${name} | ${lengths.join(' / ')} |`);
}

await browser.close();
server.kill();
