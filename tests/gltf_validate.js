// SPDX-License-Identifier: GPL-3.0-or-later
// Runs the Khronos glTF validator (npm gltf-validator) on a file; prints a JSON summary and
// exits 0 when it reports no errors. Usage: node gltf_validate.js VALIDATOR_DIR FILE.glb
const fs = require('fs');
const validator = require(process.argv[2]);
const data = new Uint8Array(fs.readFileSync(process.argv[3]));
validator.validateBytes(data).then((report) => {
  const i = report.issues;
  console.log(JSON.stringify({errors: i.numErrors, warnings: i.numWarnings, infos: i.numInfos,
    messages: i.messages.filter(m => m.severity <= 1).slice(0, 10)}));
  process.exit(i.numErrors === 0 ? 0 : 1);
}, (error) => { console.error(error); process.exit(2); });
