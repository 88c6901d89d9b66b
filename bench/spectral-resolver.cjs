// Spectral resolves `$ref` from the document root, but a tool file's local references
// (`#/$defs/x`) are relative to its input_schema, as the API reads them: resolved Spectral's way,
// every one is an `invalid-ref` error. This resolver leaves them alone. Spectral's
// `$.input_schema..properties[*]` still visits the properties under `$defs`, so the three checks
// cover the same nodes as toolgen's; skipping resolution only makes Spectral faster.
const { Resolver } = require("@stoplight/spectral-ref-resolver");

module.exports = new Resolver({ dereferenceInline: false, dereferenceRemote: false });
