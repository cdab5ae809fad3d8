"""The arbiter's screens ("Bàn trọng tài"), owned by the arbiter screens (issue 27)."""

urlpatterns: list = []
