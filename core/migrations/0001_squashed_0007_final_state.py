# Squashed (issue 34: a fresh database migrates in seconds on SQLite): the app's final state.
# Created directly from the models (makemigrations on an empty history), not by optimising the
# replaced chain; the replaced migrations are kept, so a database that applied any prefix of
# them migrates on through them, and a migration that depends on a replaced name resolves to
# this one. A database that applied an earlier squash has every original it replaced recorded
# (django/db/migrations/executor.py: record_migration records each name in `replaces`, then
# check_replacements the squash's own), so it has applied all of these and nothing re-runs.
# The replaced RunPython steps that only rewrite rows existing before them (0003 renamed stored job kinds) are
# not repeated: a fresh database has none.
# Checked by scripts/compare_migrations.py: the same schema (PostgreSQL and SQLite) and the
# same rows as the replaced chain on a fresh database.

import core.migration_ops
import django.core.validators
import django.db.models.deletion
import django.utils.timezone
import uuid
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    replaces = [('core', '0001_initial'), ('core', '0002_job_liveness'), ('core', '0003_worker_beat'), ('core', '0003_namespaced_job_kinds'), ('core', '0004_merge_job_kinds_worker_beat'), ('core', '0005_job_request_id'), ('core', '0006_notifications_outbox'), ('core', '0007_notification_body_limits')]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        core.migration_ops.CreateModels(
            models=[migrations.CreateModel(
                name='WorkerBeat',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('name', models.CharField(max_length=200, unique=True, verbose_name='tiến trình')),
                    ('queues', models.CharField(max_length=500, verbose_name='hàng đợi')),
                    ('pid', models.PositiveIntegerField(default=0, verbose_name='mã tiến trình')),
                    ('started_at', models.DateTimeField(verbose_name='khởi động lúc')),
                    ('beat_at', models.DateTimeField(db_index=True, verbose_name='tín hiệu sống lúc')),
                ],
                options={
                    'verbose_name': 'tiến trình xử lý công việc',
                    'verbose_name_plural': 'tiến trình xử lý công việc',
                },
            ), migrations.CreateModel(
                name='Notification',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('kind', models.CharField(choices=[('application_received', 'Đơn xin gia nhập mới'), ('application_decided', 'Đơn xin gia nhập đã được xét'), ('lapse_warning', 'Hội viên sắp bị khai trừ (Điều 15.5)'), ('decision_issued', 'Quyết định đã ban hành'), ('suspension', 'Đình chỉ sinh hoạt'), ('pairings_published', 'Đã công bố cặp đấu'), ('results_certified', 'Kết quả giải đã được công nhận'), ('password_reset', 'Đặt lại mật khẩu')], max_length=32, verbose_name='loại thông báo')),
                    ('email', models.EmailField(max_length=254, verbose_name='địa chỉ email')),
                    ('language', models.CharField(default='vi', max_length=8, verbose_name='ngôn ngữ')),
                    ('subject', models.CharField(max_length=200, verbose_name='tiêu đề')),
                    ('body_text', models.TextField(max_length=200000, validators=[django.core.validators.MaxLengthValidator(200000)], verbose_name='nội dung')),
                    ('body_html', models.TextField(max_length=200000, validators=[django.core.validators.MaxLengthValidator(200000)], verbose_name='nội dung HTML')),
                    ('key', models.CharField(blank=True, max_length=200, null=True, unique=True, verbose_name='khóa chống lặp')),
                    ('state', models.CharField(choices=[('pending', 'Chờ gửi'), ('sending', 'Đang gửi'), ('sent', 'Đã gửi'), ('failed', 'Gửi không được')], default='pending', max_length=10, verbose_name='trạng thái')),
                    ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='số lần gửi')),
                    ('next_attempt_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='gửi lại lúc')),
                    ('claimed_at', models.DateTimeField(blank=True, null=True, verbose_name='nhận gửi lúc')),
                    ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='gửi xong lúc')),
                    ('last_error', models.CharField(blank=True, max_length=300, verbose_name='lỗi gần nhất')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='tạo lúc')),
                    ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='notifications', to=settings.AUTH_USER_MODEL, verbose_name='người nhận')),
                ],
                options={
                    'verbose_name': 'thông báo',
                    'verbose_name_plural': 'thông báo',
                    'ordering': ['-created_at'],
                    'indexes': [models.Index(condition=models.Q(('state__in', ['pending', 'sending'])), fields=['state', 'next_attempt_at'], name='core_notif_unsent')],
                },
            ), migrations.CreateModel(
                name='NotificationDelivery',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('attempt', models.PositiveSmallIntegerField(verbose_name='lần gửi')),
                    ('outcome', models.CharField(choices=[('sent', 'Đã gửi'), ('failed', 'Lỗi')], max_length=8, verbose_name='kết quả')),
                    ('detail', models.CharField(blank=True, max_length=300, verbose_name='chi tiết')),
                    ('at', models.DateTimeField(auto_now_add=True, verbose_name='lúc')),
                    ('notification', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='deliveries', to='core.notification', verbose_name='thông báo')),
                ],
                options={
                    'verbose_name': 'lần gửi thông báo',
                    'verbose_name_plural': 'lần gửi thông báo',
                    'ordering': ['notification', 'attempt'],
                },
            ), migrations.CreateModel(
                name='NotificationPreference',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('language', models.CharField(choices=[('vi', 'Tiếng Việt'), ('en', 'English')], default='vi', max_length=8, verbose_name='ngôn ngữ thư')),
                    ('applications', models.BooleanField(default=True, verbose_name='đơn xin gia nhập')),
                    ('lapse', models.BooleanField(default=True, verbose_name='hội viên sắp bị khai trừ')),
                    ('decisions', models.BooleanField(default=True, verbose_name='quyết định và đình chỉ')),
                    ('events', models.BooleanField(default=True, verbose_name='cặp đấu và kết quả giải')),
                    ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='notification_preference', to=settings.AUTH_USER_MODEL, verbose_name='người dùng')),
                ],
                options={
                    'verbose_name': 'lựa chọn nhận thông báo',
                    'verbose_name_plural': 'lựa chọn nhận thông báo',
                },
            ), migrations.CreateModel(
                name='Job',
                fields=[
                    ('id', models.UUIDField(default=uuid.uuid4, editable=False, primary_key=True, serialize=False)),
                    ('kind', models.CharField(db_index=True, max_length=64, verbose_name='loại việc')),
                    ('key', models.CharField(blank=True, max_length=200, null=True, unique=True, verbose_name='khóa chống lặp')),
                    ('params', models.JSONField(blank=True, default=dict, verbose_name='tham số')),
                    ('state', models.CharField(choices=[('queued', 'Đang chờ'), ('running', 'Đang chạy'), ('succeeded', 'Hoàn thành'), ('failed', 'Thất bại')], default='queued', max_length=16, verbose_name='trạng thái')),
                    ('progress', models.PositiveSmallIntegerField(default=0, verbose_name='tiến độ (%)')),
                    ('message', models.CharField(blank=True, max_length=300, verbose_name='thông báo')),
                    ('result', models.JSONField(blank=True, null=True, verbose_name='kết quả')),
                    ('error', models.JSONField(blank=True, null=True, verbose_name='lỗi')),
                    ('attempts', models.PositiveIntegerField(default=0, verbose_name='số lần chạy')),
                    ('heartbeat_at', models.DateTimeField(blank=True, null=True, verbose_name='tín hiệu sống lúc')),
                    ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='gửi vào hàng đợi lúc')),
                    ('runner', models.CharField(blank=True, max_length=32, verbose_name='lượt chạy')),
                    ('restarts', models.PositiveSmallIntegerField(default=0, verbose_name='số lần chạy lại do mất worker')),
                    ('request_id', models.CharField(blank=True, default='', max_length=64, verbose_name='mã yêu cầu')),
                    ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='tạo lúc')),
                    ('started_at', models.DateTimeField(blank=True, null=True, verbose_name='bắt đầu lúc')),
                    ('finished_at', models.DateTimeField(blank=True, null=True, verbose_name='kết thúc lúc')),
                    ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='jobs', to=settings.AUTH_USER_MODEL, verbose_name='người tạo')),
                ],
                options={
                    'verbose_name': 'công việc',
                    'verbose_name_plural': 'công việc',
                    'ordering': ['-created_at'],
                    'indexes': [models.Index(condition=models.Q(('state__in', ['queued', 'running'])), fields=['state'], name='core_job_unfinished')],
                },
            )],
        ),
    ]
