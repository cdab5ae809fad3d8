# Squashed (issue 34: a fresh database migrates in seconds on SQLite): the app's final state.
# Created directly from the models (makemigrations on an empty history), not by optimising the
# replaced chain; the replaced migrations are kept, so a database that applied any prefix of
# them migrates on through them, and a migration that depends on a replaced name resolves to
# this one. A database that applied an earlier squash has every original it replaced recorded
# (django/db/migrations/executor.py: record_migration records each name in `replaces`, then
# check_replacements the squash's own), so it has applied all of these and nothing re-runs.
# Kept in effect: 0002's seed (the 63 provinces and the national body) and 0015's
# PostgreSQL-only trigram indexes, run from their own modules after the tables exist.
# Checked by scripts/compare_migrations.py: the same schema (PostgreSQL and SQLite) and the
# same rows as the replaced chain on a fresh database.

from importlib import import_module

import core.migration_ops
import django.core.validators
import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.contrib.postgres.operations import TrigramExtension
from django.db import migrations, models

_provinces = import_module("federation.migrations.0002_provinces")
_trigram = import_module("federation.migrations.0015_person_name_trigram_index")


class Migration(migrations.Migration):

    replaces = [('federation', '0001_initial'), ('federation', '0002_provinces'), ('federation', '0003_member_reinstated_on'), ('federation', '0004_alter_cardsequence_options_alter_cardsequence_last_and_more'), ('federation', '0005_historicalsuspension_decision_suspension_decision_and_more'), ('federation', '0006_application_proof_and_text_limits'), ('federation', '0007_private_data_access'), ('federation', '0006_person_merge'), ('federation', '0007_merge_application_proof_person_merge'), ('federation', '0008_merge_private_data_access'), ('federation', '0009_person_merge_reason_limit'), ('federation', '0010_personal_data_consent_requests'), ('federation', '0011_person_citizenship'), ('federation', '0010_lapse_warning'), ('federation', '0011_merge_lapse_warning_personal_data'), ('federation', '0012_merge_citizenship'), ('federation', '0013_consent_child_agreed'), ('federation', '0013_club_admits_and_body_refusal'), ('federation', '0014_merge_club_admits_child_consent'), ('federation', '0015_person_name_trigram_index'), ('federation', '0016_person_phone_index')]

    initial = True

    dependencies = [
        ('documents', '0002_decision_status'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        core.migration_ops.CreateModels(
            models=[migrations.CreateModel(
                name='Province',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('code', models.CharField(max_length=2, unique=True, verbose_name='mã')),
                    ('name', models.CharField(max_length=100, unique=True, verbose_name='tên')),
                    ('region', models.CharField(blank=True, max_length=40, verbose_name='vùng')),
                ],
                options={
                    'verbose_name': 'tỉnh/thành phố',
                    'verbose_name_plural': 'tỉnh/thành phố',
                    'ordering': ['code'],
                },
            ), migrations.CreateModel(
                name='Body',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=200, unique=True, verbose_name='tên')),
                    ('level', models.CharField(choices=[('national', 'Trung ương'), ('provincial', 'Cấp tỉnh'), ('district', 'Cấp huyện')], max_length=16, verbose_name='cấp')),
                    ('admission', models.CharField(choices=[('body', 'Tổ chức quản lý duyệt đơn'), ('club', 'Câu lạc bộ kết nạp, tổ chức quản lý được từ chối trong hạn')], default='body', max_length=8, verbose_name='kết nạp hội viên')),
                    ('refusal_days', models.PositiveSmallIntegerField(default=30, help_text='Khi câu lạc bộ kết nạp: trong số ngày này tổ chức quản lý được từ chối (hủy kết nạp) có nêu lý do.', validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(365)], verbose_name='số ngày được từ chối kết nạp')),
                    ('parent', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='children', to='federation.body', verbose_name='cấp trên')),
                    ('province', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='bodies', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'tổ chức liên đoàn',
                    'verbose_name_plural': 'tổ chức liên đoàn',
                    'ordering': ['level', 'name'],
                },
            ), migrations.CreateModel(
                name='CardSequence',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('province_code', models.CharField(max_length=2, verbose_name='mã tỉnh')),
                    ('year', models.PositiveSmallIntegerField(verbose_name='năm')),
                    ('last', models.PositiveIntegerField(default=0, verbose_name='số thứ tự cuối')),
                ],
                options={
                    'verbose_name': 'dãy số thẻ hội viên',
                    'verbose_name_plural': 'dãy số thẻ hội viên',
                    'constraints': [models.UniqueConstraint(fields=('province_code', 'year'), name='unique_card_sequence')],
                },
            ), migrations.CreateModel(
                name='Club',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=200, verbose_name='tên')),
                    ('name_folded', models.CharField(db_index=True, editable=False, max_length=200)),
                    ('kind', models.CharField(choices=[('residential', 'Khu dân cư'), ('workplace', 'Cơ quan, xí nghiệp'), ('school', 'Trường học'), ('army', 'Đơn vị bộ đội'), ('culture_house', 'Nhà (cung) văn hóa, thể thao'), ('other', 'Khác')], max_length=20, verbose_name='loại hình')),
                    ('plays_xiangqi', models.BooleanField(default=True, verbose_name='cờ tướng')),
                    ('plays_chess', models.BooleanField(default=False, verbose_name='cờ vua')),
                    ('address', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('founded_on', models.DateField(blank=True, null=True, verbose_name='ngày thành lập')),
                    ('is_active', models.BooleanField(default=True, verbose_name='đang hoạt động')),
                    ('body', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='clubs', to='federation.body', verbose_name='thuộc tổ chức')),
                    ('managers', models.ManyToManyField(blank=True, related_name='managed_clubs', to=settings.AUTH_USER_MODEL, verbose_name='người quản lý')),
                    ('province', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='clubs', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'câu lạc bộ',
                    'verbose_name_plural': 'câu lạc bộ',
                    'ordering': ['name'],
                    'constraints': [models.UniqueConstraint(fields=('body', 'name'), name='unique_club_per_body')],
                },
            ), migrations.CreateModel(
                name='ClubMeeting',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('held_on', models.DateField(verbose_name='ngày họp')),
                    ('notes', models.TextField(blank=True, max_length=10000, validators=[django.core.validators.MaxLengthValidator(10000)], verbose_name='biên bản tóm tắt')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='meetings', to='federation.club', verbose_name='câu lạc bộ')),
                ],
                options={
                    'verbose_name': 'hội nghị toàn thể',
                    'verbose_name_plural': 'hội nghị toàn thể',
                    'ordering': ['club', '-held_on'],
                    'constraints': [models.UniqueConstraint(fields=('club', 'held_on'), name='unique_meeting_day')],
                },
            ), migrations.CreateModel(
                name='HistoricalClub',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('name', models.CharField(max_length=200, verbose_name='tên')),
                    ('name_folded', models.CharField(db_index=True, editable=False, max_length=200)),
                    ('kind', models.CharField(choices=[('residential', 'Khu dân cư'), ('workplace', 'Cơ quan, xí nghiệp'), ('school', 'Trường học'), ('army', 'Đơn vị bộ đội'), ('culture_house', 'Nhà (cung) văn hóa, thể thao'), ('other', 'Khác')], max_length=20, verbose_name='loại hình')),
                    ('plays_xiangqi', models.BooleanField(default=True, verbose_name='cờ tướng')),
                    ('plays_chess', models.BooleanField(default=False, verbose_name='cờ vua')),
                    ('address', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('founded_on', models.DateField(blank=True, null=True, verbose_name='ngày thành lập')),
                    ('is_active', models.BooleanField(default=True, verbose_name='đang hoạt động')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('body', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.body', verbose_name='thuộc tổ chức')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('province', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'historical câu lạc bộ',
                    'verbose_name_plural': 'historical câu lạc bộ',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalClub_managers',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('m2m_history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('club', models.ForeignKey(blank=True, db_constraint=False, db_tablespace='', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.club')),
                    ('history', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING, to='federation.historicalclub')),
                    ('user', models.ForeignKey(blank=True, db_constraint=False, db_tablespace='', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL)),
                ],
                options={
                    'verbose_name': 'HistoricalClub_managers',
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='Member',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('card_number', models.CharField(max_length=20, unique=True, verbose_name='số thẻ hội viên')),
                    ('status', models.CharField(choices=[('active', 'Đang sinh hoạt'), ('lapsed', 'Bị khai trừ (15.5)'), ('resigned', 'Đã ra khỏi Liên đoàn'), ('superseded', 'Thẻ trùng (đã gộp)'), ('refused', 'Tổ chức quản lý hủy kết nạp (15.2)')], default='active', max_length=10, verbose_name='trạng thái')),
                    ('joined_on', models.DateField(verbose_name='ngày gia nhập')),
                    ('ended_on', models.DateField(blank=True, null=True, verbose_name='ngày chấm dứt')),
                    ('end_rule', models.CharField(blank=True, choices=[('15.5-dues', 'Không đóng hội phí 6 tháng (Điều 15.5)'), ('15.5-activity', 'Không sinh hoạt liên tục 6 tháng (Điều 15.5)'), ('10.4-resignation', 'Xin ra Liên đoàn (Điều 10.4)'), ('15.2-refused', 'Tổ chức quản lý hủy kết nạp (Phụ lục 2 Điều 15.2)')], max_length=20, verbose_name='căn cứ chấm dứt')),
                    ('reinstated_on', models.DateField(blank=True, null=True, verbose_name='ngày khôi phục')),
                    ('superseded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='federation.member', verbose_name='thay bằng thẻ')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='memberships', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'hội viên',
                    'verbose_name_plural': 'hội viên',
                    'ordering': ['card_number'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'active')), fields=('person',), name='one_active_membership_per_person')],
                },
            ), migrations.CreateModel(
                name='LapseWarning',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('deadline', models.DateField(verbose_name='hạn cuối')),
                    ('warned_on', models.DateField(verbose_name='ngày báo')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lapse_warnings', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'báo sắp khai trừ',
                    'verbose_name_plural': 'báo sắp khai trừ',
                    'constraints': [models.UniqueConstraint(fields=('member', 'deadline'), name='one_lapse_warning_per_deadline')],
                },
            ), migrations.CreateModel(
                name='HistoricalClubMembership',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('started_on', models.DateField(verbose_name='từ ngày')),
                    ('ended_on', models.DateField(blank=True, null=True, verbose_name='đến ngày')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('club', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.club', verbose_name='câu lạc bộ')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('member', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'historical sinh hoạt tại câu lạc bộ',
                    'verbose_name_plural': 'historical sinh hoạt tại câu lạc bộ',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='DuesPayment',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('amount', models.DecimalField(decimal_places=0, max_digits=12, verbose_name='số tiền (đồng)')),
                    ('period_start', models.DateField(verbose_name='từ ngày')),
                    ('period_end', models.DateField(verbose_name='đến ngày')),
                    ('receipt_number', models.CharField(max_length=40, verbose_name='số biên lai')),
                    ('paid_on', models.DateField(verbose_name='ngày nộp')),
                    ('recorded_at', models.DateTimeField(auto_now_add=True, verbose_name='ghi lúc')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='dues', to='federation.club', verbose_name='câu lạc bộ')),
                    ('recorded_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='dues', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'hội phí',
                    'verbose_name_plural': 'hội phí',
                    'ordering': ['-period_end'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('period_end__gte', models.F('period_start'))), name='dues_period_order'), models.CheckConstraint(condition=models.Q(('amount__gt', 0)), name='dues_positive'), models.UniqueConstraint(fields=('club', 'receipt_number'), name='unique_receipt')],
                },
            ), migrations.CreateModel(
                name='ClubMembership',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('started_on', models.DateField(verbose_name='từ ngày')),
                    ('ended_on', models.DateField(blank=True, null=True, verbose_name='đến ngày')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='club_memberships', to='federation.club', verbose_name='câu lạc bộ')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='club_memberships', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'sinh hoạt tại câu lạc bộ',
                    'verbose_name_plural': 'sinh hoạt tại câu lạc bộ',
                    'ordering': ['member', '-started_on'],
                    'constraints': [models.UniqueConstraint(condition=models.Q(('ended_on__isnull', True)), fields=('member',), name='one_open_club_membership')],
                },
            ), migrations.CreateModel(
                name='Attendance',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('date', models.DateField(verbose_name='ngày')),
                    ('kind', models.CharField(choices=[('club_session', 'Sinh hoạt câu lạc bộ'), ('tournament', 'Thi đấu giải')], default='club_session', max_length=20, verbose_name='loại')),
                    ('note', models.CharField(blank=True, max_length=200, verbose_name='ghi chú')),
                    ('club', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='attendance', to='federation.club', verbose_name='câu lạc bộ')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='attendance', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'sinh hoạt',
                    'verbose_name_plural': 'sinh hoạt',
                    'ordering': ['-date'],
                    'constraints': [models.UniqueConstraint(fields=('member', 'date', 'kind'), name='unique_attendance')],
                },
            ), migrations.CreateModel(
                name='MemberEvent',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('joined', 'Gia nhập'), ('transferred', 'Chuyển câu lạc bộ'), ('lapsed', 'Khai trừ (15.5)'), ('reinstated', 'Khôi phục'), ('resigned', 'Xin ra'), ('suspended', 'Đình chỉ'), ('merged', 'Gộp hồ sơ trùng'), ('refused', 'Hủy kết nạp (15.2)')], max_length=16, verbose_name='sự kiện')),
                    ('date', models.DateField(verbose_name='ngày')),
                    ('rule', models.CharField(blank=True, max_length=40, verbose_name='căn cứ')),
                    ('note', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='ghi chú')),
                    ('at', models.DateTimeField(auto_now_add=True, verbose_name='lúc')),
                    ('by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người thực hiện')),
                    ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='events', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'sự kiện hội viên',
                    'verbose_name_plural': 'sự kiện hội viên',
                    'ordering': ['member', 'at'],
                },
            ), migrations.CreateModel(
                name='Officer',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('body', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='officers', to='federation.body', verbose_name='tổ chức')),
                    ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='officer_of', to=settings.AUTH_USER_MODEL, verbose_name='tài khoản')),
                ],
                options={
                    'verbose_name': 'cán bộ tổ chức',
                    'verbose_name_plural': 'cán bộ tổ chức',
                    'constraints': [models.UniqueConstraint(fields=('user', 'body'), name='unique_officer')],
                },
            ), migrations.CreateModel(
                name='Person',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('full_name', models.CharField(max_length=200, verbose_name='họ và tên')),
                    ('name_folded', models.CharField(db_index=True, editable=False, max_length=200)),
                    ('gender', models.CharField(choices=[('M', 'Nam'), ('F', 'Nữ')], max_length=1, verbose_name='giới tính')),
                    ('date_of_birth', models.DateField(blank=True, null=True, verbose_name='ngày sinh')),
                    ('citizen_id', models.CharField(blank=True, max_length=20, null=True, unique=True, verbose_name='số CCCD')),
                    ('phone', models.CharField(blank=True, max_length=30, verbose_name='điện thoại')),
                    ('email', models.EmailField(blank=True, max_length=254, verbose_name='email')),
                    ('address', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('fide_id', models.CharField(blank=True, max_length=12, null=True, unique=True, verbose_name='mã FIDE')),
                    ('citizenship', models.CharField(default='VIE', help_text='Mã ba chữ của FIDE (VIE: Việt Nam).', max_length=3, verbose_name='quốc tịch')),
                    ('merged_at', models.DateTimeField(blank=True, null=True, verbose_name='gộp lúc')),
                    ('merge_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do gộp')),
                    ('consent_withdrawn_on', models.DateField(blank=True, null=True, verbose_name='rút lại sự đồng ý ngày')),
                    ('merged_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người gộp')),
                    ('merged_into', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='merged_persons', to='federation.person', verbose_name='đã gộp vào')),
                    ('user', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='person', to=settings.AUTH_USER_MODEL, verbose_name='tài khoản')),
                    ('province', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='persons', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'người',
                    'verbose_name_plural': 'người',
                    'ordering': ['name_folded'],
                    'indexes': [models.Index(fields=['phone'], name='federation_person_phone_idx')],
                },
            ), migrations.CreateModel(
                name='MembershipApplication',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('submitted_on', models.DateField(verbose_name='ngày nộp đơn')),
                    ('status', models.CharField(choices=[('pending', 'Chờ duyệt'), ('approved', 'Đã duyệt'), ('rejected', 'Từ chối'), ('annulled', 'Tổ chức quản lý hủy kết nạp')], default='pending', max_length=10, verbose_name='trạng thái')),
                    ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='duyệt lúc')),
                    ('rejection_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do từ chối')),
                    ('admitted_by_club', models.BooleanField(default=False, verbose_name='câu lạc bộ kết nạp')),
                    ('refusal_until', models.DateField(blank=True, null=True, verbose_name='tổ chức quản lý được từ chối đến ngày')),
                    ('annulled_on', models.DateField(blank=True, null=True, verbose_name='ngày hủy kết nạp')),
                    ('annulment_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do hủy kết nạp')),
                    ('proof', models.CharField(blank=True, choices=[('', 'Chưa có căn cứ'), ('entered', 'Người nộp đơn tự nhập hồ sơ'), ('paper_form', 'Đối chiếu với đơn giấy'), ('confirmed', 'Người xin gia nhập đã xác nhận')], default='', max_length=12, verbose_name='căn cứ xem dữ liệu riêng')),
                    ('proof_fields', models.CharField(blank=True, default='', max_length=40, verbose_name='trường đã đối chiếu')),
                    ('annulled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người hủy kết nạp')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='applications', to='federation.club', verbose_name='câu lạc bộ')),
                    ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người duyệt')),
                    ('member', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='application', to='federation.member', verbose_name='hội viên')),
                    ('sponsor', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='sponsored', to='federation.member', verbose_name='hội viên giới thiệu')),
                    ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người nhập')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='applications', to='federation.person', verbose_name='người xin gia nhập')),
                ],
                options={
                    'verbose_name': 'đơn xin gia nhập',
                    'verbose_name_plural': 'đơn xin gia nhập',
                    'ordering': ['-submitted_on', '-id'],
                },
            ), migrations.CreateModel(
                name='HistoricalSuspension',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('starts_on', models.DateField(verbose_name='từ ngày')),
                    ('ends_on', models.DateField(verbose_name='đến ngày')),
                    ('decision_reference', models.CharField(help_text='Số của quyết định kỷ luật (điền từ quyết định; các đình chỉ cũ ghi tay).', max_length=60, verbose_name='số quyết định')),
                    ('article', models.CharField(default='15.6', max_length=40, verbose_name='điều khoản')),
                    ('reason', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do')),
                    ('lifted_on', models.DateField(blank=True, null=True, verbose_name='ngày xóa đình chỉ')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('decision', models.ForeignKey(blank=True, db_constraint=False, help_text='Quyết định kỷ luật của Liên đoàn (Điều 15.6, 16.2); bắt buộc với đình chỉ mới.', null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='documents.decision', verbose_name='quyết định kỷ luật')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'historical đình chỉ',
                    'verbose_name_plural': 'historical đình chỉ',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalMembershipApplication',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('submitted_on', models.DateField(verbose_name='ngày nộp đơn')),
                    ('status', models.CharField(choices=[('pending', 'Chờ duyệt'), ('approved', 'Đã duyệt'), ('rejected', 'Từ chối'), ('annulled', 'Tổ chức quản lý hủy kết nạp')], default='pending', max_length=10, verbose_name='trạng thái')),
                    ('decided_at', models.DateTimeField(blank=True, null=True, verbose_name='duyệt lúc')),
                    ('rejection_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do từ chối')),
                    ('admitted_by_club', models.BooleanField(default=False, verbose_name='câu lạc bộ kết nạp')),
                    ('refusal_until', models.DateField(blank=True, null=True, verbose_name='tổ chức quản lý được từ chối đến ngày')),
                    ('annulled_on', models.DateField(blank=True, null=True, verbose_name='ngày hủy kết nạp')),
                    ('annulment_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do hủy kết nạp')),
                    ('proof', models.CharField(blank=True, choices=[('', 'Chưa có căn cứ'), ('entered', 'Người nộp đơn tự nhập hồ sơ'), ('paper_form', 'Đối chiếu với đơn giấy'), ('confirmed', 'Người xin gia nhập đã xác nhận')], default='', max_length=12, verbose_name='căn cứ xem dữ liệu riêng')),
                    ('proof_fields', models.CharField(blank=True, default='', max_length=40, verbose_name='trường đã đối chiếu')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('annulled_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người hủy kết nạp')),
                    ('club', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.club', verbose_name='câu lạc bộ')),
                    ('decided_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người duyệt')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('submitted_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người nhập')),
                    ('member', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.member', verbose_name='hội viên')),
                    ('sponsor', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.member', verbose_name='hội viên giới thiệu')),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người xin gia nhập')),
                ],
                options={
                    'verbose_name': 'historical đơn xin gia nhập',
                    'verbose_name_plural': 'historical đơn xin gia nhập',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalMember',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('card_number', models.CharField(db_index=True, max_length=20, verbose_name='số thẻ hội viên')),
                    ('status', models.CharField(choices=[('active', 'Đang sinh hoạt'), ('lapsed', 'Bị khai trừ (15.5)'), ('resigned', 'Đã ra khỏi Liên đoàn'), ('superseded', 'Thẻ trùng (đã gộp)'), ('refused', 'Tổ chức quản lý hủy kết nạp (15.2)')], default='active', max_length=10, verbose_name='trạng thái')),
                    ('joined_on', models.DateField(verbose_name='ngày gia nhập')),
                    ('ended_on', models.DateField(blank=True, null=True, verbose_name='ngày chấm dứt')),
                    ('end_rule', models.CharField(blank=True, choices=[('15.5-dues', 'Không đóng hội phí 6 tháng (Điều 15.5)'), ('15.5-activity', 'Không sinh hoạt liên tục 6 tháng (Điều 15.5)'), ('10.4-resignation', 'Xin ra Liên đoàn (Điều 10.4)'), ('15.2-refused', 'Tổ chức quản lý hủy kết nạp (Phụ lục 2 Điều 15.2)')], max_length=20, verbose_name='căn cứ chấm dứt')),
                    ('reinstated_on', models.DateField(blank=True, null=True, verbose_name='ngày khôi phục')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('superseded_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.member', verbose_name='thay bằng thẻ')),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'historical hội viên',
                    'verbose_name_plural': 'historical hội viên',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalDataRequest',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('export', 'Cung cấp bản sao dữ liệu'), ('correction', 'Chỉnh sửa dữ liệu'), ('erasure', 'Xóa dữ liệu')], max_length=12, verbose_name='loại yêu cầu')),
                    ('details', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='nội dung yêu cầu')),
                    ('received_at', models.DateTimeField(verbose_name='nhận lúc')),
                    ('deadline', models.DateTimeField(verbose_name='hạn xử lý')),
                    ('state', models.CharField(choices=[('open', 'Đang chờ xử lý'), ('done', 'Đã thực hiện'), ('refused', 'Từ chối')], default='open', max_length=10, verbose_name='tình trạng')),
                    ('outcome', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='kết quả và lý do')),
                    ('handled_at', models.DateTimeField(blank=True, null=True, verbose_name='xử lý lúc')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('filed_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi nhận')),
                    ('handled_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người xử lý')),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('person', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'historical yêu cầu về dữ liệu cá nhân',
                    'verbose_name_plural': 'historical yêu cầu về dữ liệu cá nhân',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='DataRequest',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('export', 'Cung cấp bản sao dữ liệu'), ('correction', 'Chỉnh sửa dữ liệu'), ('erasure', 'Xóa dữ liệu')], max_length=12, verbose_name='loại yêu cầu')),
                    ('details', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='nội dung yêu cầu')),
                    ('received_at', models.DateTimeField(verbose_name='nhận lúc')),
                    ('deadline', models.DateTimeField(verbose_name='hạn xử lý')),
                    ('state', models.CharField(choices=[('open', 'Đang chờ xử lý'), ('done', 'Đã thực hiện'), ('refused', 'Từ chối')], default='open', max_length=10, verbose_name='tình trạng')),
                    ('outcome', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='kết quả và lý do')),
                    ('handled_at', models.DateTimeField(blank=True, null=True, verbose_name='xử lý lúc')),
                    ('filed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi nhận')),
                    ('handled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người xử lý')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='data_requests', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'yêu cầu về dữ liệu cá nhân',
                    'verbose_name_plural': 'yêu cầu về dữ liệu cá nhân',
                    'ordering': ['-received_at', '-id'],
                },
            ), migrations.CreateModel(
                name='Consent',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('data_collected', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='dữ liệu thu thập')),
                    ('purposes', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='mục đích xử lý')),
                    ('given_on', models.DateField(verbose_name='ngày đồng ý')),
                    ('given_by', models.CharField(max_length=200, verbose_name='người đồng ý')),
                    ('relation', models.CharField(choices=[('self', 'Chính người đó'), ('parent', 'Cha hoặc mẹ'), ('guardian', 'Người giám hộ')], max_length=10, verbose_name='quan hệ với người đó')),
                    ('child_agreed', models.BooleanField(default=False, verbose_name='trẻ em cũng đồng ý')),
                    ('recorded_at', models.DateTimeField(auto_now_add=True, verbose_name='ghi lúc')),
                    ('withdrawn_on', models.DateField(blank=True, null=True, verbose_name='ngày rút lại')),
                    ('withdrawal_note', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='ghi chú khi rút lại')),
                    ('recorded_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi')),
                    ('withdrawn_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người ghi việc rút lại')),
                    ('application', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='consent', to='federation.membershipapplication', verbose_name='đơn xin gia nhập')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='consents', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'sự đồng ý xử lý dữ liệu cá nhân',
                    'verbose_name_plural': 'sự đồng ý xử lý dữ liệu cá nhân',
                    'ordering': ['-given_on', '-id'],
                },
            ), migrations.CreateModel(
                name='ClubBoardMember',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('role', models.CharField(choices=[('head', 'Chủ nhiệm'), ('deputy', 'Phó chủ nhiệm')], max_length=10, verbose_name='chức vụ')),
                    ('meeting', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='board', to='federation.clubmeeting', verbose_name='hội nghị')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='club_board_seats', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'thành viên ban chủ nhiệm',
                    'verbose_name_plural': 'ban chủ nhiệm',
                },
            ), migrations.CreateModel(
                name='BoardPosition',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('role', models.CharField(choices=[('chair', 'Chủ tịch'), ('standing_vice_chair', 'Phó chủ tịch thường trực'), ('general_secretary', 'Tổng thư ký'), ('deputy_secretary', 'Phó tổng thư ký')], max_length=32, verbose_name='chức vụ')),
                    ('term_start', models.DateField(verbose_name='bắt đầu nhiệm kỳ')),
                    ('term_end', models.DateField(verbose_name='kết thúc nhiệm kỳ')),
                    ('body', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='board', to='federation.body', verbose_name='tổ chức')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='board_positions', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'thành viên ban thường trực',
                    'verbose_name_plural': 'ban thường trực',
                    'ordering': ['body', '-term_start', 'role'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('term_end__gt', models.F('term_start'))), name='board_term_end_after_start')],
                },
            ), migrations.CreateModel(
                name='PlayGroup',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('group', 'Nhóm cờ'), ('point', 'Điểm chơi cờ')], max_length=10, verbose_name='loại')),
                    ('name', models.CharField(max_length=200, verbose_name='tên')),
                    ('address', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='play_groups', to='federation.club', verbose_name='câu lạc bộ')),
                ],
                options={
                    'verbose_name': 'nhóm cờ / điểm chơi cờ',
                    'verbose_name_plural': 'nhóm cờ / điểm chơi cờ',
                },
            ), migrations.CreateModel(
                name='PrivateDataAccess',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('fields', models.CharField(max_length=100, verbose_name='các trường')),
                    ('via', models.CharField(choices=[('api', 'API'), ('admin', 'Trang quản trị'), ('workspace', 'Khu làm việc'), ('reveal', 'Xem đầy đủ số CCCD'), ('export', 'Bản sao dữ liệu cá nhân'), ('document', 'Tài liệu, tệp xuất')], max_length=20, verbose_name='qua')),
                    ('path', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('at', models.DateTimeField(db_index=True, verbose_name='lúc')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='private_reads', to='federation.person', verbose_name='người')),
                    ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người xem')),
                ],
                options={
                    'verbose_name': 'lượt xem dữ liệu riêng',
                    'verbose_name_plural': 'lượt xem dữ liệu riêng',
                    'ordering': ['-at', '-id'],
                },
            ), migrations.CreateModel(
                name='HistoricalPerson',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('full_name', models.CharField(max_length=200, verbose_name='họ và tên')),
                    ('name_folded', models.CharField(db_index=True, editable=False, max_length=200)),
                    ('gender', models.CharField(choices=[('M', 'Nam'), ('F', 'Nữ')], max_length=1, verbose_name='giới tính')),
                    ('date_of_birth', models.DateField(blank=True, null=True, verbose_name='ngày sinh')),
                    ('citizen_id', models.CharField(blank=True, db_index=True, max_length=20, null=True, verbose_name='số CCCD')),
                    ('phone', models.CharField(blank=True, max_length=30, verbose_name='điện thoại')),
                    ('email', models.EmailField(blank=True, max_length=254, verbose_name='email')),
                    ('address', models.CharField(blank=True, max_length=300, verbose_name='địa chỉ')),
                    ('fide_id', models.CharField(blank=True, db_index=True, max_length=12, null=True, verbose_name='mã FIDE')),
                    ('citizenship', models.CharField(default='VIE', help_text='Mã ba chữ của FIDE (VIE: Việt Nam).', max_length=3, verbose_name='quốc tịch')),
                    ('merged_at', models.DateTimeField(blank=True, null=True, verbose_name='gộp lúc')),
                    ('merge_reason', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do gộp')),
                    ('consent_withdrawn_on', models.DateField(blank=True, null=True, verbose_name='rút lại sự đồng ý ngày')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('merged_by', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='người gộp')),
                    ('user', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='tài khoản')),
                    ('merged_into', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.person', verbose_name='đã gộp vào')),
                    ('province', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'historical người',
                    'verbose_name_plural': 'historical người',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='HistoricalBody',
                fields=[
                    ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                    ('name', models.CharField(db_index=True, max_length=200, verbose_name='tên')),
                    ('level', models.CharField(choices=[('national', 'Trung ương'), ('provincial', 'Cấp tỉnh'), ('district', 'Cấp huyện')], max_length=16, verbose_name='cấp')),
                    ('admission', models.CharField(choices=[('body', 'Tổ chức quản lý duyệt đơn'), ('club', 'Câu lạc bộ kết nạp, tổ chức quản lý được từ chối trong hạn')], default='body', max_length=8, verbose_name='kết nạp hội viên')),
                    ('refusal_days', models.PositiveSmallIntegerField(default=30, help_text='Khi câu lạc bộ kết nạp: trong số ngày này tổ chức quản lý được từ chối (hủy kết nạp) có nêu lý do.', validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(365)], verbose_name='số ngày được từ chối kết nạp')),
                    ('history_id', models.AutoField(primary_key=True, serialize=False)),
                    ('history_date', models.DateTimeField(db_index=True)),
                    ('history_change_reason', models.CharField(max_length=100, null=True)),
                    ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                    ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ('parent', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.body', verbose_name='cấp trên')),
                    ('province', models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='federation.province', verbose_name='tỉnh/thành phố')),
                ],
                options={
                    'verbose_name': 'historical tổ chức liên đoàn',
                    'verbose_name_plural': 'historical tổ chức liên đoàn',
                    'ordering': ('-history_date', '-history_id'),
                    'get_latest_by': ('history_date', 'history_id'),
                },
                bases=(simple_history.models.HistoricalChanges, models.Model),
            ), migrations.CreateModel(
                name='Resignation',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('applied_on', models.DateField(verbose_name='ngày làm đơn')),
                    ('effective_on', models.DateField(verbose_name='ngày có hiệu lực')),
                    ('card_returned', models.BooleanField(default=False, verbose_name='đã trả thẻ')),
                    ('card_returned_on', models.DateField(blank=True, null=True, verbose_name='ngày trả thẻ')),
                    ('note', models.TextField(blank=True, max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='ghi chú')),
                    ('member', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='resignation', to='federation.member', verbose_name='hội viên')),
                ],
                options={
                    'verbose_name': 'đơn xin ra',
                    'verbose_name_plural': 'đơn xin ra',
                },
            ), migrations.CreateModel(
                name='Suspension',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('starts_on', models.DateField(verbose_name='từ ngày')),
                    ('ends_on', models.DateField(verbose_name='đến ngày')),
                    ('decision_reference', models.CharField(help_text='Số của quyết định kỷ luật (điền từ quyết định; các đình chỉ cũ ghi tay).', max_length=60, verbose_name='số quyết định')),
                    ('article', models.CharField(default='15.6', max_length=40, verbose_name='điều khoản')),
                    ('reason', models.TextField(max_length=2000, validators=[django.core.validators.MaxLengthValidator(2000)], verbose_name='lý do')),
                    ('lifted_on', models.DateField(blank=True, null=True, verbose_name='ngày xóa đình chỉ')),
                    ('decision', models.ForeignKey(blank=True, help_text='Quyết định kỷ luật của Liên đoàn (Điều 15.6, 16.2); bắt buộc với đình chỉ mới.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='suspensions', to='documents.decision', verbose_name='quyết định kỷ luật')),
                    ('person', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='suspensions', to='federation.person', verbose_name='người')),
                ],
                options={
                    'verbose_name': 'đình chỉ',
                    'verbose_name_plural': 'đình chỉ',
                    'ordering': ['-starts_on'],
                    'constraints': [models.CheckConstraint(condition=models.Q(('ends_on__gt', models.F('starts_on'))), name='suspension_period_order')],
                },
            )],
        ),
        migrations.RunPython(_provinces.load, _provinces.unload),
        TrigramExtension(),
        migrations.RunPython(_trigram.create_index, _trigram.drop_index, elidable=False),
    ]
