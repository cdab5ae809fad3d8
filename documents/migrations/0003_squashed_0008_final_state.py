# Squashed (issue 34: a fresh database migrates in seconds on SQLite): from documents' state at 0002 to the app's final state
# (signatories, whose body is federation's, and the later fields and choices).
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
import django.core.validators
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    replaces = [('documents', '0003_signatories'), ('documents', '0004_team_and_overall_kinds'), ('documents', '0005_text_limits'), ('documents', '0006_decision_kind_complaint'), ('documents', '0006_awards_kind'), ('documents', '0007_merge_awards_complaint_kinds'), ('documents', '0008_announcements_and_sanctions_kinds')]

    initial = True

    dependencies = [
        ('documents', '0002_decision_status'),
        ('federation', '0003_member_reinstated_on'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        core.migration_ops.CreateModels(
            models=[migrations.CreateModel(
                name='HistoricalSignatory',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('full_name', models.CharField(max_length=120, verbose_name='họ và tên')),
                    ('position', models.CharField(help_text='Ví dụ: CHỦ TỊCH, PHÓ CHỦ TỊCH', max_length=120, verbose_name='chức vụ')),
                    ('authority', models.CharField(blank=True, help_text='Khi ký thay/thay mặt: ví dụ KT. CHỦ TỊCH hoặc TM. BAN CHẤP HÀNH; để trống khi người đứng đầu ký.', max_length=120, verbose_name='dòng thẩm quyền')),
                    ('is_default', models.BooleanField(default=False, help_text='Người ký được chọn sẵn khi duyệt quyết định của tổ chức này.', verbose_name='người ký mặc định')),
                    ('active', models.BooleanField(default=True, verbose_name='đang đảm nhiệm')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('body', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.body', verbose_name='ký cho tổ chức')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'historical người ký quyết định',
                    'verbose_name_plural': 'historical người ký quyết định',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='Signatory',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('full_name', models.CharField(max_length=120, verbose_name='họ và tên')),
                    ('position', models.CharField(help_text='Ví dụ: CHỦ TỊCH, PHÓ CHỦ TỊCH', max_length=120, verbose_name='chức vụ')),
                    ('authority', models.CharField(blank=True, help_text='Khi ký thay/thay mặt: ví dụ KT. CHỦ TỊCH hoặc TM. BAN CHẤP HÀNH; để trống khi người đứng đầu ký.', max_length=120, verbose_name='dòng thẩm quyền')),
                    ('is_default', models.BooleanField(default=False, help_text='Người ký được chọn sẵn khi duyệt quyết định của tổ chức này.', verbose_name='người ký mặc định')),
                    ('active', models.BooleanField(default=True, verbose_name='đang đảm nhiệm')),
                    ('body', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='signatories', to='federation.body', verbose_name='ký cho tổ chức')),
                ],
                options={
                    'verbose_name': 'người ký quyết định',
                    'verbose_name_plural': 'người ký quyết định',
                    'ordering': ['body', '-is_default', 'full_name'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('is_default', True)), fields=('body',), name='one_default_signatory_per_body')],
                },
            )],
        ),
        migrations.AddField(
            model_name='decision',
            name='signer_authority',
            field=models.CharField(blank=True, help_text='Ví dụ KT. CHỦ TỊCH (in trên chức vụ).', max_length=120, verbose_name='dòng thẩm quyền'),
        ),
        migrations.AddField(
            model_name='historicaldecision',
            name='signer_authority',
            field=models.CharField(blank=True, help_text='Ví dụ KT. CHỦ TỊCH (in trên chức vụ).', max_length=120, verbose_name='dòng thẩm quyền'),
        ),
        migrations.AlterField(
            model_name='decision',
            name='kind',
            field=models.CharField(choices=[('title_award', 'Phong cấp, phong danh hiệu'), ('disciplinary', 'Kỷ luật'), ('regulations_approval', 'Phê duyệt điều lệ giải'), ('complaint', 'Giải quyết khiếu nại')], max_length=24, verbose_name='loại'),
        ),
        migrations.AlterField(
            model_name='decision',
            name='status_reason',
            field=models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do thu hồi/hủy bỏ'),
        ),
        migrations.AlterField(
            model_name='document',
            name='kind',
            field=models.CharField(choices=[('decision', 'Quyết định'), ('scoresheet', 'Biên bản thi đấu'), ('tracking_card', 'Thẻ theo dõi thi đấu'), ('standings', 'Bảng xếp hạng'), ('crosstable', 'Bảng kết quả chéo'), ('pairings', 'Danh sách cặp đấu'), ('member_card', 'Thẻ hội viên'), ('team_standings', 'Bảng xếp hạng đồng đội'), ('board_standings', 'Bảng xếp hạng theo bàn'), ('overall_standings', 'Kết quả chung cuộc giải nhiều giai đoạn'), ('awards', 'Giải thưởng và xếp hạng toàn đoàn'), ('announcements', 'Thông báo của giải: sửa đổi điều lệ, khiếu nại, kỷ luật'), ('sanctions', 'Thông báo kỷ luật trong năm')], max_length=20, verbose_name='loại'),
        ),
        migrations.AlterField(
            model_name='historicaldecision',
            name='kind',
            field=models.CharField(choices=[('title_award', 'Phong cấp, phong danh hiệu'), ('disciplinary', 'Kỷ luật'), ('regulations_approval', 'Phê duyệt điều lệ giải'), ('complaint', 'Giải quyết khiếu nại')], max_length=24, verbose_name='loại'),
        ),
        migrations.AlterField(
            model_name='historicaldecision',
            name='status_reason',
            field=models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do thu hồi/hủy bỏ'),
        ),
        migrations.AddField(
            model_name='decision',
            name='signatory',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='decisions', to='documents.signatory', verbose_name='người ký'),
        ),
        migrations.AddField(
            model_name='historicaldecision',
            name='signatory',
            field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='documents.signatory', verbose_name='người ký'),
        ),
    ]
