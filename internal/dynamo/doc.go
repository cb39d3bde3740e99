// Package dynamo is tfdyn's one room for the DynamoDB wire: attribute
// values (cty ⇄ AttributeValue, the size and canonical text of a stored
// item), the requests of the model's access and write patterns, Scan
// pages, and the client. No other package builds a DynamoDB client or
// converts attribute values (TestWireStaysInDynamo).
//
// A request is rendered once per pattern, from the model, as a shape:
// Read gives an access pattern's GetItem or Query (ReadShape: key
// condition, filter and projection expressions, index, order, limit,
// consistency), Write a write pattern's PutItem, UpdateItem, DeleteItem or
// TransactWriteItems (WriteShape: condition and update expressions, the
// `unique` guard items' puts, the index keys an update rewrites). Every
// expression is a constant string; attribute names are placeholders #NAME
// (DynamoDB's reserved words need no list) and values placeholders :pN
// whose Source says what fills them: a key condition operand, a filter or
// condition operand, an input, a constant, or a key template over the
// item. verify binds the values per call (ReadShape.Bind, WriteShape.Bind)
// and sends exactly these requests; the generators (tfdyn gen) print the
// same shapes, so the code they write sends what verify proved.
//
// NewClient makes the client: an endpoint (DynamoDB Local, tfdyn local)
// with static credentials and no response checksum validation, or AWS
// through the default credential chain.
package dynamo
