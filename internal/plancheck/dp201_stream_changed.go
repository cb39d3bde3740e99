package plancheck

import "fmt"

var dp201 = &Rule{
	Code: "DP201", Name: "stream-changed", Family: Breaking, Severity: SeverityError,
	Title: "The table's stream is disabled or its view type changes",
	check: checkStream,
}

func checkStream(_ *checkContext, c *change) []note {
	if !c.updated() || !c.Before.StreamEnabled.Value {
		return nil
	}
	b, a := c.Before, c.After
	name := c.displayName()
	const consumers = " Consumers (Lambda event source mappings, Kinesis adapters, pipes) lose their position: the old stream ARN stops receiving records and is deleted after 24 hours, and each consumer must be pointed at the new stream ARN."
	switch {
	case a.StreamEnabled.Unknown || a.StreamViewType.Unknown:
		return []note{{Summary: "Stream of table " + name + " may change",
			Detail: fmt.Sprintf("The stream of table %s (view type %s) is planned with values unknown until apply; if it is disabled or its view type changes, the stream is replaced.%s", name, b.StreamViewType, consumers)}}
	case !a.StreamEnabled.Value:
		return []note{{Summary: "Stream of table " + name + " is disabled",
			Detail: fmt.Sprintf("Terraform will disable the stream of table %s (stream_enabled true → false, view type %s).%s", name, b.StreamViewType, consumers)}}
	case a.StreamViewType.Value != b.StreamViewType.Value:
		return []note{{Summary: "Stream view type of table " + name + " changes",
			Detail: fmt.Sprintf("Terraform will change the stream view type of table %s from %s to %s. DynamoDB cannot change a stream's view type: the stream is disabled and a new one is enabled.%s", name, b.StreamViewType, a.StreamViewType, consumers)}}
	}
	return nil
}
