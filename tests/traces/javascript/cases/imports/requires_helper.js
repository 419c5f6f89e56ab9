// A script requiring a file beside it: `require`, `__filename` and `__dirname` resolve from
// this file, as with `node requires_helper.js`.
const { triple } = require('./helper.js');
const path = require('path');
console.log(triple(4), path.basename(__filename), path.basename(__dirname));
