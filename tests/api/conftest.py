"""The API conformance tests (schemathesis) of issue 10."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "schemathesis: schemathesis against the whole OpenAPI schema (slow-ish)")
