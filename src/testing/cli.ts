#!/usr/bin/env node
// chainbill-fake: the fake API as a standalone server (docs/fake-server.md).
import { serveFake } from './bin/serve.js';

serveFake(process.argv.slice(2), 'chainbill-fake');
