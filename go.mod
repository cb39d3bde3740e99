module github.com/tfdyn/tfdyn

go 1.26.8

require (
	github.com/hashicorp/go-version v1.9.0
	github.com/hashicorp/terraform-exec v0.26.0
	github.com/stretchr/testify v1.12.1
)

require (
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	github.com/apparentlymart/go-textseg/v17 v17.0.1 // indirect
	github.com/hashicorp/terraform-json v0.29.0 // indirect
	github.com/zclconf/go-cty v1.19.0 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/net v0.58.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)
