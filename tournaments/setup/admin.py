"""The Django admin for tournaments, teams and the table plan (a back door for the site's admin;
organizers use their own pages)."""

from django.contrib import admin

from .models import Player, Round, Table, TableAssignment, Team, Tournament


class TeamInline(admin.TabularInline):
    model = Team
    extra = 0
    fields = ("number", "name", "player_one", "player_two", "checked_in", "withdrawn")
    raw_id_fields = ("player_one", "player_two")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "published", "hands_released", "started_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "status", "movement_type", "scoring_method", "club")
    list_filter = ("status", "movement_type", "scoring_method")
    search_fields = ("name", "slug", "club", "venue")
    date_hierarchy = "date"
    readonly_fields = ("slug", "plan_generated_at", "created_at", "updated_at")
    filter_horizontal = ("organizers", "arbiters")
    inlines = [TeamInline, RoundInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "licence", "club", "tournament")
    list_filter = ("tournament",)
    search_fields = ("last_name", "first_name", "licence", "club")


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("number", "name", "tournament", "checked_in", "withdrawn")
    list_filter = ("tournament", "checked_in", "withdrawn")
    search_fields = ("name", "player_one__last_name", "player_two__last_name")
    raw_id_fields = ("player_one", "player_two")


class TableAssignmentInline(admin.TabularInline):
    model = TableAssignment
    extra = 0
    fields = ("table", "ns_team", "ew_team", "boards", "arrow_switch")
    raw_id_fields = ("table", "ns_team", "ew_team")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "published", "hands_released")
    list_filter = ("tournament", "published")
    inlines = [TableAssignmentInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number")
    list_filter = ("tournament",)
    readonly_fields = ("token",)
