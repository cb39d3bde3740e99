package plancheck

// DecodePlanJSONLimit is decodePlanJSON with a small limit, so that tests
// reach the size limit without reading 256 MiB.
var DecodePlanJSONLimit = decodePlanJSON
