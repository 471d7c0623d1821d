"""Forms of the organizer's pages: the tournament's settings and rules, a team, a team file."""

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine.rules import (
    DEFAULT_PRESET,
    PRESET_LABELS,
    PRESETS,
    CapotBid,
    FailureScore,
    MadeScore,
    MultiplierScope,
    OvertakePartner,
    Rounding,
    RuleSettings,
    WinCondition,
)
from tournaments.accounts.roles import ARBITER, ORGANIZER
from tournaments.clubs.models import Club

from .models import Tournament
from .services.teams import MAX_TEAM_NUMBER, PlayerData, TeamData, team_problems
from .services.tournament import MOVEMENT_FIELDS, SETTINGS_FIELDS, chosen_rules

_CHOICE_LABELS = {
    WinCondition.BID_AND_MORE_THAN_DEFENCE: _(
        "l'enchère est atteinte et les preneurs font plus que la défense (FFB)"
    ),
    WinCondition.BID_ONLY: _("l'enchère est atteinte"),
    WinCondition.BID_AND_82: _("l'enchère est atteinte, et au moins 82 points"),
    MadeScore.POINTS_AND_BID: _("les points faits + l'enchère (FFB)"),
    MadeScore.POINTS_ONLY: _("les points faits"),
    MadeScore.BID_ONLY: _("l'enchère seule"),
    Rounding.HALF_UP: _("à la dizaine, 85 → 90 (FFB)"),
    Rounding.HALF_DOWN: _("à la dizaine, 6 au-dessus : 85 → 80, 86 → 90"),
    Rounding.NONE: _("pas d'arrondi"),
    CapotBid.CONTRACT_250: _("un contrat de 250 en plus des points (FFB)"),
    CapotBid.FLAT_500: _("500 points forfaitaires (1000 coinché, 2000 surcoinché)"),
    CapotBid.BID_270: _("la plus haute enchère, un contrat de 270"),
    CapotBid.CONTRACT_350: _("un contrat de 350 en plus des points"),
    FailureScore.BASE_AND_BID: _("les points de chute + l'enchère (FFB)"),
    FailureScore.BASE_ONLY: _("les points de chute seuls"),
    FailureScore.BID_ONLY: _("l'enchère seule"),
    MultiplierScope.WHOLE_SCORE: _("toute la marque de la donne (FFB)"),
    MultiplierScope.BID_ONLY: _("l'enchère seule, chaque camp garde ses points"),
    MultiplierScope.BID_ONLY_TAKES_ALL: _("l'enchère seule, le gagnant prend les 162 points"),
    OvertakePartner.TRUMP_LED: _("seulement quand l'atout est demandé (FFB)"),
    OvertakePartner.ALWAYS: _("toujours, dès qu'on coupe sur lui"),
}


def _enum_choices(enum) -> list[tuple[str, str]]:
    return [(member.value, _CHOICE_LABELS[member]) for member in enum]


def rule_fields() -> dict[str, forms.Field]:
    """One form field per RuleSettings setting, named ``rule_<setting>``."""
    return {
        "win_condition": forms.ChoiceField(
            label=_("Contrat réussi quand"), choices=_enum_choices(WinCondition)
        ),
        "made_score": forms.ChoiceField(
            label=_("Un contrat réussi rapporte"), choices=_enum_choices(MadeScore)
        ),
        "failure_base": forms.TypedChoiceField(
            label=_("Points de chute"),
            coerce=int,
            choices=[(160, "160 (FFB)"), (162, "162")],
        ),
        "surcoinche_multiplier": forms.TypedChoiceField(
            label=_("Surcoinche"), coerce=int, choices=[(4, "× 4 (FFB)"), (3, "× 3")]
        ),
        "belote_imprenable": forms.BooleanField(
            label=_("Belote imprenable (gardée même quand le contrat chute)"), required=False
        ),
        "rounding": forms.ChoiceField(label=_("Arrondi"), choices=_enum_choices(Rounding)),
        "capot_bid": forms.ChoiceField(
            label=_("Enchère de capot"), choices=_enum_choices(CapotBid)
        ),
        "generale_bonus": forms.IntegerField(
            label=_("Prime de générale"),
            min_value=0,
            max_value=1000,
            step_size=10,
            help_text=_("Points en plus quand un seul joueur fait les huit plis ; 0 : aucune."),
        ),
        "annonces": forms.BooleanField(
            label=_("Annonces (tierce, cinquante, cent, carré)"), required=False
        ),
        "no_trump": forms.BooleanField(label=_("Sans atout autorisé"), required=False),
        "all_trump": forms.BooleanField(label=_("Tout atout autorisé"), required=False),
        "must_undertrump": forms.BooleanField(
            label=_("Obligation de sous-couper (pisser)"), required=False
        ),
        "failure_score": forms.ChoiceField(
            label=_("Un contrat chuté rapporte à la défense"), choices=_enum_choices(FailureScore)
        ),
        "failure_capot_base": forms.BooleanField(
            label=_("Chute avec capot de la défense : 250 ou 252 points de chute"),
            required=False,
        ),
        "multiplier_scope": forms.ChoiceField(
            label=_("Coinche et surcoinche multiplient"), choices=_enum_choices(MultiplierScope)
        ),
        "belote_transferred": forms.BooleanField(
            label=_("La belote perdue passe au camp adverse (belote prenable)"), required=False
        ),
        "belote_counts_for_bid": forms.BooleanField(
            label=_("La belote compte pour atteindre l'enchère"), required=False
        ),
        "annonces_count_for_bid": forms.BooleanField(
            label=_("Les annonces comptent pour atteindre l'enchère"), required=False
        ),
        "overtake_partner": forms.ChoiceField(
            label=_("Monter sur l'atout du partenaire"), choices=_enum_choices(OvertakePartner)
        ),
        "lowest_bid": forms.TypedChoiceField(
            label=_("Plus petite enchère"),
            coerce=int,
            choices=[(80, "80 (FFB)"), (82, _("82 (Fédération Française de Coinche)"))],
        ),
        "bid_step": forms.TypedChoiceField(
            label=_("Palier des enchères"),
            coerce=int,
            choices=[(10, _("de 10 en 10 (FFB)")), (5, _("de 5 en 5 (variante stéphanoise)"))],
        ),
        "no_trump_doubles": forms.BooleanField(
            label=_("Le contrat à sans atout compte double (Fédération Française de Coinche)"),
            required=False,
        ),
    }


RULE_NAMES = tuple(rule_fields())


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
            cleaned["rules"] = RuleSettings.from_dict(chosen_rules(cleaned["rules_preset"], rules))
        except ValueError as error:
            raise forms.ValidationError(rules_error(error)) from error
        return cleaned


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
        label=_("Club (fichier des joueurs, saisons)"),
        queryset=Club.objects.none(),
        required=False,
        help_text=_("Les joueurs inscrits rejoignent le fichier de ce club."),
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
        self.fields["rounds"].widget.attrs["placeholder"] = gettext("complet")
        if frozen:
            for name in ("rules_preset", *(f"rule_{n}" for n in RULE_NAMES), *MOVEMENT_FIELDS):
                self.fields[name].disabled = True

    def rule_bound_fields(self):
        return [self[f"rule_{name}"] for name in RULE_NAMES]

    def clean(self):
        cleaned = super().clean()
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
            cleaned["rules"] = chosen_rules(preset, rules, tournament=tournament)
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
        for problem in team_problems(self.tournament, [self.team_data()], editing=self.team):
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
