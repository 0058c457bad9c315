#!/usr/bin/env node
// A committed shim, so the bin exists before the first build.
import '../dist/cli.js';
