from rest_framework import serializers

from documents.models import Decision, Document, Signatory


class DecisionSerializer(serializers.ModelSerializer):
    formatted_number = serializers.CharField(read_only=True)

    class Meta:
        model = Decision
        fields = ["id", "formatted_number", "year", "number", "kind", "issuing_body", "place",
                  "issued_on", "subject", "grounds", "articles", "recipients",
                  "signer_position", "signer_name", "signer_authority", "signatory", "payload",
                  "created_at", "status", "status_reason", "status_changed_at"]
        read_only_fields = ["id", "formatted_number", "year", "number", "signer_authority",
                            "created_at", "status", "status_reason", "status_changed_at"]
        extra_kwargs = {"issued_on": {"required": False},
                        "signer_position": {"required": False},
                        "signer_name": {"required": False},
                        "signatory": {"help_text": "Who signs (GET /api/v1/signatories/): "
                                                   "name, position and authority line come "
                                                   "from it"}}


class SignatorySerializer(serializers.ModelSerializer):
    body_name = serializers.CharField(source="body.name", read_only=True)

    class Meta:
        model = Signatory
        fields = ["id", "full_name", "position", "authority", "body", "body_name", "is_default",
                  "active"]
        read_only_fields = fields


class DecisionRevokeSerializer(serializers.Serializer):
    reason = serializers.CharField(help_text="Why the decision is withdrawn or annulled.")


class SignatoryCorrectionSerializer(serializers.Serializer):
    signatory = serializers.PrimaryKeyRelatedField(queryset=Signatory.objects.filter(active=True))
    reason = serializers.CharField(max_length=1000)


class DocumentRequestSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=Document.Kind.choices)
    target = serializers.CharField(max_length=120)


class DocumentSerializer(serializers.ModelSerializer):
    download = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = ["id", "kind", "target", "pages", "size", "generated_at", "download"]

    def get_download(self, document) -> str:
        return f"/api/v1/documents/{document.pk}/pdf/"
