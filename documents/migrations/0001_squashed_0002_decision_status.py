# Squashed (issue 34: a fresh database migrates in seconds on SQLite): documents' state at 0002 (decisions and documents), the part federation's
# models point at; 0003_squashed_0008_final_state brings the rest once federation exists.
# Created directly from the models (makemigrations on an empty history), not by optimising the
# replaced chain; the replaced migrations are kept, so a database that applied any prefix of
# them migrates on through them, and a migration that depends on a replaced name resolves to
# this one. A database that applied an earlier squash has every original it replaced recorded
# (django/db/migrations/executor.py: record_migration records each name in `replaces`, then
# check_replacements the squash's own), so it has applied all of these and nothing re-runs.
# No data step in the replaced ones.
# Checked by scripts/compare_migrations.py: the same schema (PostgreSQL and SQLite) and the
# same rows as the replaced chain on a fresh database.

import core.migration_ops
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    replaces = [('documents', '0001_initial'), ('documents', '0002_decision_status')]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        core.migration_ops.CreateModels(
            models=[migrations.CreateModel(
                name='DecisionSequence',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('year', models.PositiveSmallIntegerField(unique=True)),
                    ('last', models.PositiveIntegerField(default=0)),
                ],
            ), migrations.CreateModel(
                name='Document',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('decision', 'Quyết định'), ('scoresheet', 'Biên bản thi đấu'), ('tracking_card', 'Thẻ theo dõi thi đấu'), ('standings', 'Bảng xếp hạng'), ('crosstable', 'Bảng kết quả chéo'), ('pairings', 'Danh sách cặp đấu'), ('member_card', 'Thẻ hội viên')], max_length=20, verbose_name='loại')),
                    ('target', models.CharField(help_text='Ví dụ decision:12, pairing:40, tournament:5', max_length=120, verbose_name='đối tượng')),
                    ('data_hash', models.CharField(max_length=64, verbose_name='mã dữ liệu')),
                    ('file', models.FileField(upload_to='documents/%Y/%m/', verbose_name='tệp PDF')),
                    ('size', models.PositiveIntegerField(default=0, verbose_name='kích thước (byte)')),
                    ('pages', models.PositiveIntegerField(default=0, verbose_name='số trang')),
                    ('generated_at', models.DateTimeField(auto_now=True, verbose_name='tạo lúc')),
                ],
                options={
                    'verbose_name': 'văn bản PDF',
                    'verbose_name_plural': 'văn bản PDF',
                    'ordering': ['-generated_at'],
                    'constraints': [models.UniqueConstraint(fields=('kind', 'target'), name='one_document_per_subject')],
                },
            ), migrations.CreateModel(
                name='Decision',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('year', models.PositiveSmallIntegerField(verbose_name='năm')),
                    ('number', models.PositiveIntegerField(verbose_name='số')),
                    ('suffix', models.CharField(default='QĐ-LĐC', max_length=30, verbose_name='ký hiệu')),
                    ('kind', models.CharField(choices=[('title_award', 'Phong cấp, phong danh hiệu'), ('disciplinary', 'Kỷ luật'), ('regulations_approval', 'Phê duyệt điều lệ giải')], max_length=24, verbose_name='loại')),
                    ('issuing_body', models.CharField(default='LIÊN ĐOÀN CỜ VIỆT NAM', max_length=200, verbose_name='cơ quan ban hành')),
                    ('place', models.CharField(default='Hà Nội', max_length=100, verbose_name='nơi ban hành')),
                    ('issued_on', models.DateField(verbose_name='ngày ban hành')),
                    ('subject', models.CharField(max_length=300, verbose_name='về việc')),
                    ('grounds', models.JSONField(default=list, help_text='Mỗi dòng một căn cứ.', verbose_name='căn cứ')),
                    ('articles', models.JSONField(default=list, help_text='Nội dung Điều 1, 2, 3...', verbose_name='các điều')),
                    ('recipients', models.JSONField(default=list, verbose_name='nơi nhận')),
                    ('signer_position', models.CharField(max_length=120, verbose_name='chức vụ người ký')),
                    ('signer_name', models.CharField(max_length=120, verbose_name='người ký')),
                    ('payload', models.JSONField(blank=True, default=dict, help_text='Ví dụ danh sách vận động viên và đẳng cấp được phong.', verbose_name='dữ liệu kèm theo')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='lập lúc')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người lập')),
                    ('status', models.CharField(choices=[('issued', 'Đang có hiệu lực'), ('withdrawn', 'Đã thu hồi'), ('annulled', 'Đã hủy bỏ')], default='issued', max_length=10, verbose_name='hiệu lực')),
                    ('status_changed_at', models.DateTimeField(blank=True, null=True, verbose_name='thu hồi/hủy bỏ lúc')),
                    ('status_changed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người thu hồi/hủy bỏ')),
                    ('status_reason', models.TextField(blank=True, verbose_name='lý do thu hồi/hủy bỏ')),
                ],
                options={
                    'verbose_name': 'quyết định',
                    'verbose_name_plural': 'quyết định',
                    'ordering': ['-year', '-number'],
                    'constraints': [models.UniqueConstraint(fields=('year', 'number'), name='unique_decision_number')],
                },
            ), migrations.CreateModel(
                name='HistoricalDecision',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('year', models.PositiveSmallIntegerField(verbose_name='năm')),
                    ('number', models.PositiveIntegerField(verbose_name='số')),
                    ('suffix', models.CharField(default='QĐ-LĐC', max_length=30, verbose_name='ký hiệu')),
                    ('kind', models.CharField(choices=[('title_award', 'Phong cấp, phong danh hiệu'), ('disciplinary', 'Kỷ luật'), ('regulations_approval', 'Phê duyệt điều lệ giải')], max_length=24, verbose_name='loại')),
                    ('issuing_body', models.CharField(default='LIÊN ĐOÀN CỜ VIỆT NAM', max_length=200, verbose_name='cơ quan ban hành')),
                    ('place', models.CharField(default='Hà Nội', max_length=100, verbose_name='nơi ban hành')),
                    ('issued_on', models.DateField(verbose_name='ngày ban hành')),
                    ('subject', models.CharField(max_length=300, verbose_name='về việc')),
                    ('grounds', models.JSONField(default=list, help_text='Mỗi dòng một căn cứ.', verbose_name='căn cứ')),
                    ('articles', models.JSONField(default=list, help_text='Nội dung Điều 1, 2, 3...', verbose_name='các điều')),
                    ('recipients', models.JSONField(default=list, verbose_name='nơi nhận')),
                    ('signer_position', models.CharField(max_length=120, verbose_name='chức vụ người ký')),
                    ('signer_name', models.CharField(max_length=120, verbose_name='người ký')),
                    ('payload', models.JSONField(blank=True, default=dict, help_text='Ví dụ danh sách vận động viên và đẳng cấp được phong.', verbose_name='dữ liệu kèm theo')),
                    ('created_at', models.DateTimeField(blank=True, editable=False, verbose_name='lập lúc')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('created_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người lập')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('status', models.CharField(choices=[('issued', 'Đang có hiệu lực'), ('withdrawn', 'Đã thu hồi'), ('annulled', 'Đã hủy bỏ')], default='issued', max_length=10, verbose_name='hiệu lực')),
                    ('status_changed_at', models.DateTimeField(blank=True, null=True, verbose_name='thu hồi/hủy bỏ lúc')),
                    ('status_changed_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người thu hồi/hủy bỏ')),
                    ('status_reason', models.TextField(blank=True, verbose_name='lý do thu hồi/hủy bỏ')),
                ],
                options={
                    'verbose_name': 'historical quyết định',
                    'verbose_name_plural': 'historical quyết định',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            )],
        ),
    ]
