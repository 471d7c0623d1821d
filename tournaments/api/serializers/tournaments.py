"""A tournament: its settings and rules as everyone reads them, as an organizer writes them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.engine.rules import SETTINGS, Setting
from tournaments import vocabulary
from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.accounts.selectors import users_with_role
from tournaments.setup.models import Tournament

from ..permissions import Access
from .choices import ROLES, RULES_PRESETS, rule_choices
from .context import absolute_url


def rule_field(setting: Setting) -> serializers.Field:
    """The API field of one rule setting, as the core describes it (optional: on input, only
    the settings to change)."""
    help_text = setting.label
    if setting.is_choice:
        return serializers.ChoiceField(rule_choices(setting), required=False, help_text=help_text)
    if setting.kind is bool:
        return serializers.BooleanField(required=False, help_text=help_text)
    return serializers.IntegerField(
        min_value=setting.minimum,
        max_value=setting.maximum,
        required=False,
        help_text=help_text,
    )


def rules_serializer(settings: tuple[Setting, ...]) -> type[serializers.Serializer]:
    """A serializer of these rule settings, one field each (``RulesSerializer``: the core's)."""
    return type(
        "RulesSerializer",
        (serializers.Serializer,),
        {
            "__doc__": "The tournament's rule settings (règlement); on input, only the settings "
            "to change.",
            "__module__": __name__,
            **{setting.name: rule_field(setting) for setting in settings},
        },
    )


RulesSerializer = rules_serializer(SETTINGS)


class TournamentSerializer(serializers.ModelSerializer):
    """A tournament as everyone sees it (staff lists only for its staff)."""

    # (The docstring is the schema's description.) The tournament comes from
    # selectors.tournaments_visible_to, its counts annotated and its staff prefetched; the
    # context's access_by_tournament gives the caller's role in it: no query here.

    rules = serializers.SerializerMethodField()
    team_count = serializers.SerializerMethodField()
    hands_released = serializers.SerializerMethodField()
    your_role = serializers.SerializerMethodField()
    organizers = serializers.SerializerMethodField()
    arbiters = serializers.SerializerMethodField()
    page_url = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "date",
            "venue",
            "club",
            "status",
            "rules_preset",
            "rules",
            "scoring_method",
            "movement_type",
            "rounds",
            "boards_per_round",
            "arrow_switch",
            "table_entry",
            "deals_mode",
            "arbiters_see_hands",
            "replay_open_to_all",
            "minutes_per_board",
            "team_count",
            "hands_released",
            "plan_generated_at",
            "your_role",
            "organizers",
            "arbiters",
            "page_url",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    @extend_schema_field(RulesSerializer)
    def get_rules(self, tournament: Tournament) -> dict:
        return tournament.rule_settings().to_dict()

    def get_team_count(self, tournament: Tournament) -> int:
        return tournament.active_teams

    def get_hands_released(self, tournament: Tournament) -> bool:
        return bool(tournament.all_hands_released)

    def _access_in(self, tournament: Tournament) -> Access | None:
        return self.context.get("access_by_tournament", {}).get(tournament.pk)

    @extend_schema_field(serializers.ChoiceField(ROLES, allow_null=True))
    def get_your_role(self, tournament: Tournament) -> str | None:
        access = self._access_in(tournament)
        return access.role if access is not None else None

    def _staff_list(self, tournament: Tournament, relation: str) -> list[str] | None:
        access = self._access_in(tournament)
        if access is None or not access.arbiter:
            return None
        return sorted(user.username for user in getattr(tournament, relation).all())

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_organizers(self, tournament: Tournament) -> list[str] | None:
        return self._staff_list(tournament, "organizers")

    @extend_schema_field(serializers.ListField(child=serializers.CharField(), allow_null=True))
    def get_arbiters(self, tournament: Tournament) -> list[str] | None:
        return self._staff_list(tournament, "arbiters")

    def get_page_url(self, tournament: Tournament) -> str:
        return absolute_url(self, tournament.get_absolute_url())


class _UsernamesField(serializers.ListField):
    """Usernames of users holding a site role (organizer or arbiter)."""

    default_error_messages = {"unknown_user": _("utilisateur inconnu ou sans ce rôle.")}

    def __init__(self, role: str, **kwargs) -> None:
        self.role = role
        super().__init__(child=serializers.CharField(max_length=150), **kwargs)

    def to_internal_value(self, data):
        names = super().to_internal_value(data)
        found = users_with_role(names, self.role)
        missing = sorted(set(names) - set(found))
        if missing:
            raise serializers.ValidationError(
                [f"{name}: " + str(self.error_messages["unknown_user"]) for name in missing]
            )
        return list(found.values())


class TournamentWriteSerializer(serializers.Serializer):
    """A tournament's settings, as an organizer creates or changes them (PATCH: only some)."""

    name = serializers.CharField(max_length=200)
    date = serializers.DateField()
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True)
    rules_preset = serializers.ChoiceField(RULES_PRESETS, required=False)
    rules = RulesSerializer(
        required=False, help_text="Settings changed from the preset (the others keep its values)."
    )
    scoring_method = serializers.ChoiceField(vocabulary.SCORING_METHOD_CHOICES, required=False)
    movement_type = serializers.ChoiceField(vocabulary.MOVEMENT_CHOICES, required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=60, required=False, allow_null=True)
    boards_per_round = serializers.IntegerField(min_value=1, max_value=12, required=False)
    arrow_switch = serializers.BooleanField(required=False)
    table_entry = serializers.BooleanField(required=False)
    deals_mode = serializers.ChoiceField(Tournament.DealsMode.choices, required=False)
    arbiters_see_hands = serializers.BooleanField(required=False)
    replay_open_to_all = serializers.BooleanField(required=False)
    minutes_per_board = serializers.IntegerField(min_value=1, max_value=120, required=False)
    co_organizers = _UsernamesField(ORGANIZER, required=False)
    arbiters = _UsernamesField(ARBITER, required=False)


class StatusChangeSerializer(serializers.Serializer):
    status = serializers.ChoiceField(Tournament.Status.choices)
