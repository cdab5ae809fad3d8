"""URL map: admin, API v1 (one router per app), OpenAPI schema and docs, the results site."""

from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from core import accounts
from core.auth_views import ObtainTokenView, SignInView
from core.dashboard import with_queues
from core.health import healthz, readyz
from core.metrics import metrics
from core.views import JobViewSet, SchemaView
from ratings.admin_yearly import yearly_report_view
from workspace import views_account

router = DefaultRouter()
router.register("jobs", JobViewSet, basename="job")

admin.site.site_header = "Liên đoàn Cờ Việt Nam"
admin.site.site_title = "Liên đoàn Cờ Việt Nam"
admin.site.index_title = "Quản trị hồ sơ và hệ số"
#: "Xem trang web" in the admin header: the public results site (issue 20).
admin.site.site_url = "/"
# The daily queues above the app list (issue 18): each app's admin registers its own.
admin.site.index_template = "admin/dashboard_index.html"
# (the default site's view wrapped on purpose: a site subclass would have to take over every
# app's registrations)
admin.site.index = with_queues(admin.site.index)  # type: ignore[method-assign]
# Two-factor sign-in for staff (issue 32, core.accounts): the admin needs a verified session
# when TWO_FACTOR_REQUIRED_FOR_STAFF; its sign-in is then the area's, which asks for the code.
admin.site.has_permission = accounts.admin_has_permission  # type: ignore[method-assign]
admin.site.login = views_account.admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    # Liveness and readiness for the load balancer / orchestrator (issue 32, core.health).
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    # Prometheus' scrape (issue 32, core.metrics): only with METRICS_TOKEN set, else 404.
    path("metrics", metrics, name="metrics"),
    # the federation's yearly report (issue 32): page, PDF, XLSX; staff only
    path("admin/bao-cao-nam/", admin.site.admin_view(yearly_report_view), name="yearly-report"),
    path("admin/", admin.site.urls),
    path("api/v1/public/", include("config.public_urls")),
    path("api/v1/", include(router.urls)),
    path("api/v1/auth/token/", ObtainTokenView.as_view(), name="api-token"),
    path("api/v1/", include("federation.urls")),
    path("api/v1/", include("tournaments.urls")),
    path("api/v1/", include("games.urls")),
    path("api/v1/", include("ratings.urls")),
    path("api/v1/", include("documents.urls")),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    # the split view serves Swagger UI's start script as a file: no inline script (CSP)
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("api-auth/login/", SignInView.as_view(), name="api-sign-in"),
    path("api-auth/", include("rest_framework.urls")),
    # The signed-in area (issue 27): sign-in for everyone, then each role's screens;
    # Vietnamese at /lam-viec/, English at /en/lam-viec/ (before the results site).
    path("en/lam-viec/", include(("workspace.urls", "workspace"), namespace="workspace-en")),
    path("lam-viec/", include(("workspace.urls", "workspace"), namespace="workspace")),
    path("en/", include(("workspace.urls_auth", "workspace"), namespace="workspace-auth-en")),
    path("", include(("workspace.urls_auth", "workspace"), namespace="workspace-auth")),
    # The public results site (issue 20): Vietnamese at /, English at /en/.
    path("en/", include(("results_site.urls", "results_site"), namespace="site-en")),
    path("", include(("results_site.urls", "results_site"), namespace="site")),
]

# Unmatched URLs and unhandled errors under /api/ answer in the error shape (core.errors).
handler400 = "core.errors.api_bad_request"
handler404 = "core.errors.api_page_not_found"
handler500 = "core.errors.api_server_error"

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
