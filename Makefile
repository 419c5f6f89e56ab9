# `make test` runs every test in the repository (see scripts/test-all.sh).
.PHONY: test demo
test:
	scripts/test-all.sh
demo:
	cargo run -q -p algoscope-cli -- html examples/python/linked_list.py -o linked_list.html
