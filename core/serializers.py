from rest_framework import serializers

from core.models import Job


class JobSerializer(serializers.ModelSerializer):
    class Meta:
        model = Job
        fields = ["id", "kind", "state", "progress", "message", "result", "error", "attempts",
                  "created_at", "started_at", "finished_at"]
        read_only_fields = fields
