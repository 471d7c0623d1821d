"""Forms of the organizer's pages: the tournament's settings and rules, a team, a team file."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.rule_texts import value_label
from scoring.engine.rules import (
    DEFAULT_PRESET,
    PRESET_LABELS,
    PRESETS,
    SETTINGS,
    RuleSettings,
    Setting,
    setting_names,
)
from scoring.engine.setting import to_json
from scoring.movements.howell import max_howell_rounds
from scoring.movements.mitchell import max_mitchell_rounds
from scoring.movements.plan import MovementKind
from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.clubs.models import Club

from .models import Tournament
from .selectors import team_counts
from .services.teams import MAX_TEAM_NUMBER, PlayerData, TeamData, team_problems
from .services.tournament import MOVEMENT_FIELDS, SETTINGS_FIELDS, chosen_rules

FFB_MARK = " (FFB)"
"""After the value the FFB rules take, in a setting's choices."""


def _choices(setting: Setting) -> list[tuple]:
    """A setting's values in the current language, the FFB's marked."""
    return [
        (
            to_json(value),
            gettext(value_label(setting, value)) + (FFB_MARK if value == setting.default else ""),
        )
        for value in setting.values()
    ]


def rule_field(setting: Setting) -> forms.Field:
    """The form field of one rule setting, as the core describes it: its label and help
    translated, its choices or bounds."""
    common = {"label": _(setting.label), "help_text": _(setting.help) if setting.help else ""}
    if setting.kind is bool:
        return forms.BooleanField(required=False, **common)
    if setting.is_enum:
        return forms.ChoiceField(choices=_choices(setting), **common)
    if setting.choices:
        return forms.TypedChoiceField(coerce=int, choices=_choices(setting), **common)
    return forms.IntegerField(
        min_value=setting.minimum, max_value=setting.maximum, step_size=setting.step, **common
    )


def rule_fields(settings: tuple[Setting, ...] = SETTINGS) -> dict[str, forms.Field]:
    """One form field per rule setting (``RuleSettings``' fields), by the setting's name."""
    return {setting.name: rule_field(setting) for setting in settings}


RULE_NAMES = setting_names()


def rules_error(error: ValueError) -> str:
    """The engine's refusal in the site's language (its combination messages are translated;
    a bad value, which the form's choices prevent, keeps the engine's English)."""
    return gettext("Règles invalides : %(error)s") % {"error": gettext(str(error))}


class RulesPreviewForm(forms.Form):
    """The rule part of the tournament form, for the live preview: the preset and every
    setting, as the settings form sends them (an unchecked box is false)."""

    rules_preset = forms.ChoiceField(choices=[(name, name) for name in PRESETS])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, rule_field in rule_fields().items():
            self.fields[f"rule_{name}"] = rule_field

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        rules = {name: cleaned[f"rule_{name}"] for name in RULE_NAMES}
        try:
            cleaned["rules"] = RuleSettings.from_dict(
                chosen_rules(preset=cleaned["rules_preset"], changes=rules)
            )
        except ValueError as error:
            raise forms.ValidationError(rules_error(error)) from error
        return cleaned


def complete_movement_help(tournament: Tournament) -> str | None:
    """The « nombre de tours » help in the tournament's own figures: how many rounds (and
    boards a team) the complete movement gives its teams now; None below four teams."""
    counts = team_counts(tournament)
    teams = counts.registered - counts.withdrawn
    howell = tournament.movement_type == MovementKind.HOWELL
    try:
        rounds = (max_howell_rounds if howell else max_mitchell_rounds)(teams) if teams >= 4 else 0
    except ValueError:  # MovementError: no such movement for this many teams
        rounds = 0
    if not rounds:
        return None
    return gettext(
        "Vide : le mouvement complet, ici %(rounds)s tours pour les %(teams)s équipes inscrites "
        "(%(boards)s étuis par équipe)."
    ) % {"rounds": rounds, "teams": teams, "boards": rounds * tournament.boards_per_round}


class UserChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj) -> str:
        full_name = obj.get_full_name()
        return f"{full_name} ({obj.get_username()})" if full_name else obj.get_username()


def _users_with_role(role: str, current, exclude=None):
    users = get_user_model().objects.filter(
        Q(groups__name=role) | Q(pk__in=[user.pk for user in current])
    )
    if exclude is not None:
        users = users.exclude(pk=exclude.pk)
    return users.distinct().order_by("username")


class TournamentForm(forms.ModelForm):
    """A tournament's settings, rules and staff. ``frozen``: results exist (rules locked)."""

    rules_preset = forms.ChoiceField(label=_("Règlement de base"))
    co_organizers = UserChoiceField(
        label=_("Co-organisateurs"),
        queryset=get_user_model().objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    arbiters = UserChoiceField(
        label=_("Arbitres"),
        queryset=get_user_model().objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    organizing_club = forms.ModelChoiceField(
        label=_("Club organisateur"),
        queryset=Club.objects.none(),
        required=False,
        help_text=_(
            "Les joueurs inscrits rejoignent le fichier de ce club ; ses saisons peuvent "
            "compter le tournoi."
        ),
    )

    class Meta:
        model = Tournament
        # The preset is a field of its own above (its choices are the presets).
        fields = [name for name in SETTINGS_FIELDS if name != "rules_preset"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, user, frozen: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.frozen = frozen
        tournament = self.instance
        existing = tournament.pk is not None
        self.fields["rules_preset"].choices = [
            (name, gettext(PRESET_LABELS.get(name, name))) for name in PRESETS
        ]
        rules = tournament.rule_settings() if existing else PRESETS[DEFAULT_PRESET]
        self.fields["rules_preset"].initial = (
            tournament.rules_preset if existing else DEFAULT_PRESET
        )
        for name, rule_field in rule_fields().items():
            rule_field.initial = rules.to_dict()[name]
            self.fields[f"rule_{name}"] = rule_field
        organizers = list(tournament.organizers.all()) if existing else []
        arbiters = list(tournament.arbiters.all()) if existing else []
        self.fields["co_organizers"].queryset = _users_with_role(ORGANIZER, organizers, user)
        self.fields["co_organizers"].initial = [u.pk for u in organizers if u.pk != user.pk]
        self.fields["arbiters"].queryset = _users_with_role(ARBITER, arbiters)
        self.fields["arbiters"].initial = [u.pk for u in arbiters]
        clubs = Club.objects.all() if user.is_superuser else Club.objects.filter(organizers=user)
        if existing and tournament.organizing_club_id:
            clubs = clubs | Club.objects.filter(pk=tournament.organizing_club_id)
        self.fields["organizing_club"].queryset = clubs.distinct()
        self.fields["organizing_club"].initial = tournament.organizing_club_id if existing else None
        # One club field: with clubs to choose from, the club is one of them (its name is the
        # tournament's club); else the club's name is typed.
        self.has_clubs = self.fields["organizing_club"].queryset.exists()
        if self.has_clubs:
            self.fields["club"].widget = forms.HiddenInput()
        else:
            del self.fields["organizing_club"]
        self.fields["rounds"].widget.attrs["placeholder"] = gettext("complet")
        rounds_help = complete_movement_help(tournament) if existing else None
        if rounds_help:
            self.fields["rounds"].help_text = rounds_help
        if frozen:
            for name in ("rules_preset", *(f"rule_{n}" for n in RULE_NAMES), *MOVEMENT_FIELDS):
                self.fields[name].disabled = True

    def rule_bound_fields(self):
        return [self[f"rule_{name}"] for name in RULE_NAMES]

    def rules_open(self) -> bool:
        """Should « Personnaliser les règles » be open: the rules sent are refused, or they
        (or the tournament's) are not exactly their preset's?"""
        if self.is_bound:
            if not self.is_valid():
                return any(self[f"rule_{name}"].errors for name in RULE_NAMES) or bool(
                    self.non_field_errors()
                )
            rules, preset = self.cleaned_data["rules"], self.cleaned_data["rules_preset"]
        elif self.instance.pk is not None:
            rules, preset = self.instance.rules, self.instance.rules_preset
        else:
            return False
        return RuleSettings.from_dict(rules) != PRESETS.get(preset)

    def two_rankings(self) -> bool:
        """Does the movement chosen give two rankings (a Mitchell without arrow switch: the
        North-South teams ranked apart from the East-West ones)?"""
        return self["movement_type"].value() == MovementKind.MITCHELL and not (
            self["arrow_switch"].value()
        )

    def clean(self):
        cleaned = super().clean()
        club = cleaned.get("organizing_club")
        if club is not None:
            cleaned["club"] = club.name
        if any(f"rule_{name}" not in cleaned for name in RULE_NAMES):
            return cleaned
        preset = cleaned.get("rules_preset") or DEFAULT_PRESET
        rules = {name: cleaned[f"rule_{name}"] for name in RULE_NAMES}
        rules_touched = any(f"rule_{name}" in self.changed_data for name in RULE_NAMES)
        if "rules_preset" in self.changed_data and not rules_touched:
            # A new preset picked without touching the details (no JavaScript): take it whole.
            rules = None
        tournament = self.instance if self.instance.pk is not None else None
        try:
            cleaned["rules"] = chosen_rules(preset=preset, changes=rules, tournament=tournament)
        except ValueError as error:
            raise forms.ValidationError(rules_error(error)) from error
        return cleaned

    def settings_fields(self) -> dict:
        """The cleaned values of the Tournament fields (for the services)."""
        return {name: self.cleaned_data[name] for name in SETTINGS_FIELDS}


class TeamForm(forms.Form):
    """A team: optional number and name, and its two players."""

    number = forms.IntegerField(
        label=_("Numéro"), required=False, min_value=1, max_value=MAX_TEAM_NUMBER
    )
    name = forms.CharField(label=_("Nom de l'équipe"), required=False, max_length=200)
    p1_first_name = forms.CharField(label=_("Prénom"), max_length=100)
    p1_last_name = forms.CharField(label=_("Nom"), max_length=100)
    p1_licence = forms.CharField(label=_("Licence"), required=False, max_length=30)
    p1_club = forms.CharField(label=_("Club"), required=False, max_length=200)
    p2_first_name = forms.CharField(label=_("Prénom"), max_length=100)
    p2_last_name = forms.CharField(label=_("Nom"), max_length=100)
    p2_licence = forms.CharField(label=_("Licence"), required=False, max_length=30)
    p2_club = forms.CharField(label=_("Club"), required=False, max_length=200)
    # The record of the club's registry the organizer chose for each player (a club's
    # tournament; « Chercher dans le fichier du club »).
    p1_registry = forms.IntegerField(required=False, widget=forms.HiddenInput)
    p2_registry = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, tournament, team=None, next_number: int | None = None, **kwargs):
        if team is not None and "initial" not in kwargs:
            kwargs["initial"] = {
                "number": team.number,
                "name": team.name,
                **{
                    f"p{n}_{attr}": getattr(player, attr)
                    for n, player in ((1, team.player_one), (2, team.player_two))
                    for attr in ("first_name", "last_name", "licence", "club")
                },
            }
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.team = team
        if next_number is not None:
            self.fields["number"].help_text = gettext(
                "Vide : le prochain numéro libre (%(number)s)."
            ) % {"number": next_number}
        # The organizer types other people's names: the browser's own suggestions only get in
        # the way.
        for name, form_field in self.fields.items():
            if name.startswith("p"):
                form_field.widget.attrs["autocomplete"] = "off"

    def player_fields(self, n: int):
        return [self[f"p{n}_{attr}"] for attr in ("first_name", "last_name", "licence", "club")]

    def players_bound(self):
        return [(n, self.player_fields(n)) for n in (1, 2)]

    def team_data(self) -> TeamData:
        data = self.cleaned_data
        return TeamData(
            players=tuple(
                PlayerData(
                    first_name=data[f"p{n}_first_name"],
                    last_name=data[f"p{n}_last_name"],
                    licence=data[f"p{n}_licence"],
                    club=data[f"p{n}_club"],
                    club_player_id=data.get(f"p{n}_registry"),
                )
                for n in (1, 2)
            ),
            name=data["name"],
            number=data["number"],
        )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        for problem in team_problems(
            tournament=self.tournament, teams=[self.team_data()], editing=self.team
        ):
            self.add_error(None, problem.message)
        return cleaned


class TeamFileForm(forms.Form):
    """The team list to import (CSV or XLSX)."""

    file = forms.FileField(
        label=_("Fichier des équipes (.csv ou .xlsx)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
    )


class TournamentCopyForm(forms.Form):
    """« Copier un tournoi »: the new tournament's name and date, and whether its teams come."""

    name = forms.CharField(label=_("Nom du nouveau tournoi"), max_length=200)
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    with_teams = forms.BooleanField(
        label=_("Copier aussi les équipes (noms et joueurs)"),
        required=False,
        help_text=_(
            "Ni le pointage, ni les codes des équipes, ni le plan, les donnes ou les résultats."
        ),
    )
