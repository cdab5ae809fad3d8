# Squashed (issue 34: a fresh database migrates in seconds on SQLite): the app's final state.
# Created directly from the models (makemigrations on an empty history), not by optimising the
# replaced chain; the replaced migrations are kept, so a database that applied any prefix of
# them migrates on through them, and a migration that depends on a replaced name resolves to
# this one. A database that applied an earlier squash has every original it replaced recorded
# (django/db/migrations/executor.py: record_migration records each name in `replaces`, then
# check_replacements the squash's own), so it has applied all of these and nothing re-runs.
# Kept in effect: 0002's seed (the rating lists and Phụ lục 6's title standards) and 0005's
# FIDE 2025 rule on the seeded chess lists, run from their own modules after the tables.
# The replaced RunPython steps that only rewrite rows existing before them (0004 numbered the periods published before it) are
# not repeated: a fresh database has none.
# Checked by scripts/compare_migrations.py: the same schema (PostgreSQL and SQLite) and the
# same rows as the replaced chain on a fresh database.

from importlib import import_module

import core.migration_ops
import django.core.validators
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

_seed = import_module("ratings.migrations.0002_seed_lists_and_phu_luc_6")
_fide_2025 = import_module("ratings.migrations.0005_chess_lists_fide_2025")


class Migration(migrations.Migration):

    replaces = [('ratings', '0001_initial'), ('ratings', '0002_seed_lists_and_phu_luc_6'), ('ratings', '0003_bulk_write_indexes_and_constraints'), ('ratings', '0004_publication_is_separate'), ('ratings', '0005_chess_lists_fide_2025'), ('ratings', '0006_alter_historicaltitlequalification_section_and_more'), ('ratings', '0007_text_limits')]

    initial = True

    dependencies = [
        ('core', '0007_notification_body_limits'),
        ('documents', '0008_announcements_and_sanctions_kinds'),
        ('federation', '0016_person_phone_index'),
        ('tournaments', '0035_merge_penalty_points'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        core.migration_ops.CreateModels(
            models=[migrations.CreateModel(
                name='TitleCriteriaTable',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('code', models.CharField(max_length=60, unique=True, verbose_name='mã')),
                    ('discipline', models.CharField(choices=[('xiangqi', 'Cờ tướng'), ('chess', 'Cờ vua')], default='xiangqi', max_length=10, verbose_name='môn')),
                    ('valid_from', models.DateField(verbose_name='áp dụng từ')),
                    ('valid_to', models.DateField(blank=True, null=True, verbose_name='áp dụng đến')),
                    ('source', models.CharField(blank=True, max_length=300, verbose_name='căn cứ')),
                    ('data', models.JSONField(verbose_name='bảng tiêu chuẩn')),
                ],
                options={
                    'verbose_name': 'bảng tiêu chuẩn phong cấp',
                    'verbose_name_plural': 'bảng tiêu chuẩn phong cấp',
                    'ordering': ['discipline', '-valid_from'],
                },
            ), migrations.CreateModel(
                name='ForeignTitle',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('title', models.CharField(choices=[('WXF master', 'Kiện tướng Liên đoàn cờ Tướng Thế giới (WXF)'), ('AXF master', 'Kiện tướng Liên đoàn cờ Tướng châu Á (AXF)')], max_length=20, verbose_name='danh hiệu')),
                    ('awarded_on', models.DateField(verbose_name='ngày phong')),
                    ('reference', models.CharField(blank=True, max_length=200, verbose_name='văn bản')),
                    ('recorded_at', models.DateTimeField(auto_now_add=True, verbose_name='ghi lúc')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='foreign_titles', to='federation.person', verbose_name='người')),
                    ('recorded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi')),
                ],
                options={
                    'verbose_name': 'danh hiệu quốc tế',
                    'verbose_name_plural': 'danh hiệu quốc tế',
                    'constraints': [models.UniqueConstraint(fields=('person', 'title'), name='foreign_title_once')],
                },
            ), migrations.CreateModel(
                name='HistoricalRatingList',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('discipline', models.CharField(choices=[('xiangqi', 'Cờ tướng'), ('chess', 'Cờ vua')], max_length=10, verbose_name='môn')),
                    ('time_control_class', models.CharField(choices=[('standard', 'Cờ tiêu chuẩn'), ('rapid', 'Cờ nhanh'), ('blitz', 'Cờ chớp')], max_length=10, verbose_name='loại thời gian')),
                    ('name', models.CharField(max_length=120, verbose_name='tên bảng hệ số')),
                    ('rules', models.JSONField(default=dict, help_text='Tham số FIDE B.02 (K, chênh lệch tối đa 400, hệ số sàn, hệ số đầu tiên...). Thiếu khóa: giá trị FIDE.', verbose_name='tham số tính hệ số')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'historical bảng hệ số',
                    'verbose_name_plural': 'historical bảng hệ số',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalTitleCriteriaTable',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('code', models.CharField(db_index=True, max_length=60, verbose_name='mã')),
                    ('discipline', models.CharField(choices=[('xiangqi', 'Cờ tướng'), ('chess', 'Cờ vua')], default='xiangqi', max_length=10, verbose_name='môn')),
                    ('valid_from', models.DateField(verbose_name='áp dụng từ')),
                    ('valid_to', models.DateField(blank=True, null=True, verbose_name='áp dụng đến')),
                    ('source', models.CharField(blank=True, max_length=300, verbose_name='căn cứ')),
                    ('data', models.JSONField(verbose_name='bảng tiêu chuẩn')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'historical bảng tiêu chuẩn phong cấp',
                    'verbose_name_plural': 'historical bảng tiêu chuẩn phong cấp',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='PlayerRating',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('rating', models.PositiveSmallIntegerField(blank=True, help_text='Trống: chưa có hệ số.', null=True, verbose_name='hệ số')),
                    ('old_rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số đầu kỳ')),
                    ('games', models.PositiveIntegerField(default=0, verbose_name='số ván trong kỳ')),
                    ('score', models.DecimalField(decimal_places=1, default=0, max_digits=7, verbose_name='điểm trong kỳ')),
                    ('expected', models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='điểm kỳ vọng')),
                    ('k', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số K')),
                    ('k_reason', models.CharField(blank=True, max_length=200, verbose_name='lý do K')),
                    ('change', models.SmallIntegerField(blank=True, null=True, verbose_name='thay đổi (làm tròn)')),
                    ('change_exact', models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='thay đổi (chưa làm tròn)')),
                    ('rank', models.PositiveIntegerField(blank=True, null=True, verbose_name='thứ hạng')),
                    ('published', models.BooleanField(default=False, verbose_name='đã công bố')),
                    ('became_rated', models.BooleanField(default=False, verbose_name='có hệ số lần đầu')),
                    ('delisted', models.BooleanField(default=False, verbose_name='xuống dưới hệ số sàn')),
                    ('initial', models.JSONField(blank=True, null=True, verbose_name='tính hệ số đầu tiên')),
                    ('total_games', models.PositiveIntegerField(default=0, verbose_name='số ván từ khi có hệ số')),
                    ('peak_rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số cao nhất')),
                    ('birth_year', models.PositiveSmallIntegerField(blank=True, editable=False, null=True)),
                    ('pending', models.JSONField(blank=True, default=list, verbose_name='ván chờ tính hệ số đầu tiên')),
                    ('person', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='ratings', to='federation.person', verbose_name='đấu thủ')),
                    ('period', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='ratings.ratingperiod', verbose_name='kỳ')),
                ],
                options={
                    'verbose_name': 'hệ số đấu thủ',
                    'verbose_name_plural': 'hệ số đấu thủ',
                    'ordering': ['period', 'rank', 'person_id'],
                    'indexes': [models.Index(fields=['person', 'period'], name='ratings_pla_person__3cc181_idx')],
                    'constraints': [models.UniqueConstraint(fields=('period', 'person'), name='one_rating_per_period')],
                },
            ), migrations.CreateModel(
                name='RatingChangeDetail',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('old_rating', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số trước')),
                    ('games', models.PositiveSmallIntegerField(verbose_name='số ván')),
                    ('score', models.DecimalField(decimal_places=1, max_digits=6, verbose_name='điểm')),
                    ('expected', models.DecimalField(blank=True, decimal_places=2, max_digits=8, null=True, verbose_name='điểm kỳ vọng')),
                    ('k', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số K')),
                    ('change', models.DecimalField(blank=True, decimal_places=2, max_digits=9, null=True, verbose_name='thay đổi')),
                    ('performance', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='hệ số thi đấu (Rp)')),
                    ('opponents', models.JSONField(default=list, verbose_name='đối thủ')),
                    ('player_rating', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.CASCADE, related_name='details', to='ratings.playerrating', verbose_name='hệ số đấu thủ')),
                    ('tournament', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.PROTECT, related_name='rating_details', to='tournaments.tournament', verbose_name='giải đấu')),
                ],
                options={
                    'verbose_name': 'chi tiết thay đổi hệ số',
                    'verbose_name_plural': 'chi tiết thay đổi hệ số',
                    'ordering': ['player_rating', 'id'],
                },
            ), migrations.CreateModel(
                name='RatingList',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('discipline', models.CharField(choices=[('xiangqi', 'Cờ tướng'), ('chess', 'Cờ vua')], max_length=10, verbose_name='môn')),
                    ('time_control_class', models.CharField(choices=[('standard', 'Cờ tiêu chuẩn'), ('rapid', 'Cờ nhanh'), ('blitz', 'Cờ chớp')], max_length=10, verbose_name='loại thời gian')),
                    ('name', models.CharField(max_length=120, verbose_name='tên bảng hệ số')),
                    ('rules', models.JSONField(default=dict, help_text='Tham số FIDE B.02 (K, chênh lệch tối đa 400, hệ số sàn, hệ số đầu tiên...). Thiếu khóa: giá trị FIDE.', verbose_name='tham số tính hệ số')),
                ],
                options={
                    'verbose_name': 'bảng hệ số',
                    'verbose_name_plural': 'bảng hệ số',
                    'ordering': ['discipline', 'time_control_class'],
                    'constraints': [models.UniqueConstraint(fields=('discipline', 'time_control_class'), name='one_rating_list_per_class')],
                },
            ), migrations.CreateModel(
                name='RatingPeriod',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('start', models.DateField(verbose_name='từ ngày')),
                    ('end', models.DateField(verbose_name='đến ngày')),
                    ('status', models.CharField(choices=[('draft', 'Chưa tính'), ('computed', 'Đã tính'), ('published', 'Đã công bố')], default='draft', max_length=10, verbose_name='trạng thái')),
                    ('computed_at', models.DateTimeField(blank=True, null=True, verbose_name='tính lúc')),
                    ('published_at', models.DateTimeField(blank=True, null=True, verbose_name='công bố lúc')),
                    ('computations', models.PositiveIntegerField(default=0, verbose_name='số lần tính')),
                    ('summary', models.JSONField(blank=True, default=dict, verbose_name='tóm tắt')),
                    ('job', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='core.job', verbose_name='công việc tính')),
                    ('rating_list', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='periods', to='ratings.ratinglist', verbose_name='bảng hệ số')),
                ],
                options={
                    'verbose_name': 'kỳ tính hệ số',
                    'verbose_name_plural': 'kỳ tính hệ số',
                    'ordering': ['rating_list', '-start'],
                    'permissions': [('publish_ratingperiod', 'Được công bố danh sách hệ số')],
                    'constraints': [models.UniqueConstraint(fields=('rating_list', 'start'), name='one_period_per_start'), models.CheckConstraint(condition=models.Q(('end__gte', models.F('start'))), name='period_end_after_start')],
                },
            ), migrations.CreateModel(
                name='PeriodTournament',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('games', models.PositiveIntegerField(default=0, verbose_name='số ván tính hệ số')),
                    ('signature', models.CharField(blank=True, db_index=True, help_text='Băm các ván được tính: hai giải cùng dấu là một giải bị tính hai lần.', max_length=64, verbose_name='dấu vân tay các ván')),
                    ('duplicate_of', models.ForeignKey(blank=True, help_text='Giải có cùng các ván đã được tính: giải này không được tính lại.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.tournament', verbose_name='trùng với giải')),
                    ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='rating_period_link', to='tournaments.tournament', verbose_name='giải đấu')),
                    ('period', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournaments', to='ratings.ratingperiod', verbose_name='kỳ')),
                ],
                options={
                    'verbose_name': 'giải tính trong kỳ',
                    'verbose_name_plural': 'giải tính trong kỳ',
                },
            ), migrations.CreateModel(
                name='RatingPublication',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('number', models.PositiveSmallIntegerField(verbose_name='lần công bố')),
                    ('published_at', models.DateTimeField(verbose_name='công bố lúc')),
                    ('reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do công bố lại')),
                    ('summary', models.JSONField(blank=True, default=dict, verbose_name='tóm tắt')),
                    ('rows', models.JSONField(blank=True, default=list, help_text='[mã người, thứ hạng, hệ số, hệ số đầu kỳ, số ván, thay đổi] của từng đấu thủ.', verbose_name='danh sách đã công bố')),
                    ('period', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='publications', to='ratings.ratingperiod', verbose_name='kỳ')),
                    ('published_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người công bố')),
                ],
                options={
                    'verbose_name': 'lần công bố danh sách hệ số',
                    'verbose_name_plural': 'các lần công bố danh sách hệ số',
                    'ordering': ['period', 'number'],
                    'constraints': [models.UniqueConstraint(fields=('period', 'number'), name='one_publication_number_per_period')],
                },
            ), migrations.CreateModel(
                name='HistoricalTitleQualification',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('title', models.CharField(choices=[('national_master', 'Kiện tướng quốc gia'), ('national_candidate_master', 'Kiện tướng dự bị quốc gia'), ('first_category', 'Cấp I quốc gia')], max_length=30, verbose_name='đẳng cấp')),
                    ('criterion_id', models.CharField(max_length=20, verbose_name='tiêu chuẩn')),
                    ('criterion_text', models.TextField(blank=True, max_length=4000, validators=[django.core.validators.MaxLengthValidator(4000)], verbose_name='nội dung tiêu chuẩn')),
                    ('section', models.CharField(choices=[('men', 'Nam'), ('women', 'Nữ')], max_length=6, verbose_name='nội dung (nam/nữ)')),
                    ('event_date', models.DateField(verbose_name='ngày (kết thúc giải)')),
                    ('evidence', models.JSONField(default=dict, verbose_name='căn cứ')),
                    ('status', models.CharField(choices=[('pending', 'Chờ duyệt'), ('approved', 'Đã duyệt'), ('rejected', 'Không duyệt')], default='pending', max_length=10, verbose_name='trạng thái')),
                    ('reviewed_at', models.DateTimeField(blank=True, null=True, verbose_name='duyệt lúc')),
                    ('rejection_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do không duyệt')),
                    ('created_at', models.DateTimeField(blank=True, editable=False, verbose_name='lập lúc')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('decision', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='documents.decision', verbose_name='quyết định')),
                    ('foreign_title', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='ratings.foreigntitle', verbose_name='danh hiệu quốc tế')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người')),
                    ('reviewed_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người duyệt')),
                    ('tournament', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.tournament', verbose_name='giải đấu')),
                    ('table', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='ratings.titlecriteriatable', verbose_name='bảng tiêu chuẩn')),
                ],
                options={
                    'verbose_name': 'historical đạt tiêu chuẩn phong cấp',
                    'verbose_name_plural': 'historical đạt tiêu chuẩn phong cấp',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='TitleQualification',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('title', models.CharField(choices=[('national_master', 'Kiện tướng quốc gia'), ('national_candidate_master', 'Kiện tướng dự bị quốc gia'), ('first_category', 'Cấp I quốc gia')], max_length=30, verbose_name='đẳng cấp')),
                    ('criterion_id', models.CharField(max_length=20, verbose_name='tiêu chuẩn')),
                    ('criterion_text', models.TextField(blank=True, max_length=4000, validators=[django.core.validators.MaxLengthValidator(4000)], verbose_name='nội dung tiêu chuẩn')),
                    ('section', models.CharField(choices=[('men', 'Nam'), ('women', 'Nữ')], max_length=6, verbose_name='nội dung (nam/nữ)')),
                    ('event_date', models.DateField(verbose_name='ngày (kết thúc giải)')),
                    ('evidence', models.JSONField(default=dict, verbose_name='căn cứ')),
                    ('status', models.CharField(choices=[('pending', 'Chờ duyệt'), ('approved', 'Đã duyệt'), ('rejected', 'Không duyệt')], default='pending', max_length=10, verbose_name='trạng thái')),
                    ('reviewed_at', models.DateTimeField(blank=True, null=True, verbose_name='duyệt lúc')),
                    ('rejection_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do không duyệt')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='lập lúc')),
                    ('decision', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='title_qualifications', to='documents.decision', verbose_name='quyết định')),
                    ('foreign_title', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='qualifications', to='ratings.foreigntitle', verbose_name='danh hiệu quốc tế')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='title_qualifications', to='federation.person', verbose_name='người')),
                    ('reviewed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người duyệt')),
                    ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='qualifications', to='ratings.titlecriteriatable', verbose_name='bảng tiêu chuẩn')),
                    ('tournament', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='title_qualifications', to='tournaments.tournament', verbose_name='giải đấu')),
                ],
                options={
                    'verbose_name': 'đạt tiêu chuẩn phong cấp',
                    'verbose_name_plural': 'đạt tiêu chuẩn phong cấp',
                    'ordering': ['-event_date', 'person_id', 'criterion_id'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('tournament__isnull', False)), fields=('person', 'tournament', 'criterion_id'), name='qualification_once_per_event'), models.UniqueConstraint(condition=models.Q(('foreign_title__isnull', False)), fields=('person', 'foreign_title', 'criterion_id'), name='qualification_once_per_foreign_title')],
                },
            ), migrations.CreateModel(
                name='PlayerTitle',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('title', models.CharField(choices=[('national_master', 'Kiện tướng quốc gia'), ('national_candidate_master', 'Kiện tướng dự bị quốc gia'), ('first_category', 'Cấp I quốc gia')], max_length=30, verbose_name='đẳng cấp')),
                    ('awarded_on', models.DateField(verbose_name='ngày phong')),
                    ('decision', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='player_titles', to='documents.decision', verbose_name='quyết định')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='titles', to='federation.person', verbose_name='người')),
                    ('qualification', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='award', to='ratings.titlequalification', verbose_name='tiêu chuẩn đạt')),
                ],
                options={
                    'verbose_name': 'đẳng cấp quốc gia',
                    'verbose_name_plural': 'đẳng cấp quốc gia',
                    'ordering': ['-awarded_on'],
                    'constraints': [models.UniqueConstraint(fields=('person', 'title'), name='title_awarded_once')],
                },
            ), migrations.CreateModel(
                name='HistoricalPlayerTitle',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('title', models.CharField(choices=[('national_master', 'Kiện tướng quốc gia'), ('national_candidate_master', 'Kiện tướng dự bị quốc gia'), ('first_category', 'Cấp I quốc gia')], max_length=30, verbose_name='đẳng cấp')),
                    ('awarded_on', models.DateField(verbose_name='ngày phong')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('decision', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='documents.decision', verbose_name='quyết định')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người')),
                    ('qualification', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='ratings.titlequalification', verbose_name='tiêu chuẩn đạt')),
                ],
                options={
                    'verbose_name': 'historical đẳng cấp quốc gia',
                    'verbose_name_plural': 'historical đẳng cấp quốc gia',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            )],
        ),
        migrations.RunPython(_seed.seed, _seed.unseed),
        migrations.RunPython(_fide_2025.forward, _fide_2025.backward),
    ]
