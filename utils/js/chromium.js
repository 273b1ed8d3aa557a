// utils/js/chromium.js - start Debian's chromium for the browser tests.
//
// Headless, without a sandbox (the tests may run as root) and without the
// background connections the build machines' closed network refuses, in a
// new profile directory. Pages and the files they load come from disk.
// playwright-core comes from the build tree (NODE_PATH, set by lit).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pathprof-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PATHPROF_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update',
           '--disable-sync', '--allow-file-access-from-files'],
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

// Opens URL in a new page and collects the page's console errors and
// uncaught exceptions into the returned array.
async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  return { page, errors };
}

module.exports = { launch, openPage };
