// Required by requires_helper.js; not traced itself.
module.exports = { triple: (x) => x * 3 };
