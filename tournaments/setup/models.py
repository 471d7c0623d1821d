"""Tournaments, players, teams, rounds and the table plan (plan de table)."""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.duplicate.table_score import Method
from scoring.engine.cards import Side
from scoring.engine.rules import DEFAULT_PRESET, PRESETS, RuleSettings
from scoring.movements.plan import Assignment, MovementKind
from tournaments import vocabulary
from tournaments.clubs.models import Club, ClubPlayer

DEFAULT_RULES_PRESET = "ffb-coinche"


def new_table_token() -> str:
    return secrets.token_urlsafe(16)


TEAM_CODE_LENGTH = 4


def new_team_code() -> str:
    """A team's confirmation code: four digits, printed on its route card (fiche de route)."""
    return f"{secrets.randbelow(10**TEAM_CODE_LENGTH):0{TEAM_CODE_LENGTH}d}"


# A code drawn for a new team is drawn again while another team of the tournament has it; a
# tournament holds far fewer teams than codes, so a few draws always suffice.
_CODE_DRAWS = 50


def new_team_token() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    """A duplicate coinche tournament (tournoi) run by one or more organizers."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Brouillon")
        REGISTRATION = "registration", _("Inscriptions")
        RUNNING = "running", _("En cours")
        FINISHED = "finished", _("Terminé")

    class DealsMode(models.TextChoices):
        GENERATED = "generated", _("Donnes préparées par le logiciel")
        IMPORTED = "imported", _("Donnes importées (PBN ou saisies)")
        UNRECORDED = "unrecorded", _("Donnes non enregistrées (distribuées à la première table)")

    slug = models.SlugField(_("identifiant"), max_length=80, unique=True)
    name = models.CharField(_("nom"), max_length=200)
    date = models.DateField(_("date"))
    venue = models.CharField(_("lieu"), max_length=200, blank=True)
    club = models.CharField(_("club organisateur"), max_length=200, blank=True)
    # The club whose registry the players come from and whose seasons may count the tournament
    # (None: a tournament of its own, its players typed only here).
    organizing_club = models.ForeignKey(
        Club,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("club (fichier des joueurs, saisons)"),
    )
    status = models.CharField(
        _("état"), max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    rules_preset = models.CharField(
        _("règlement"),
        max_length=40,
        default=DEFAULT_RULES_PRESET,
        help_text=_("Un des préréglages du moteur de règles (scoring.engine.rules.PRESETS)."),
    )
    # The full rule settings (the preset's values plus the organizer's variants), as stored by
    # scoring.engine.rules.RuleSettings.to_dict(); frozen once results exist.
    rules = models.JSONField(_("règles"), default=dict, blank=True)
    scoring_method = models.CharField(
        _("méthode de classement"),
        max_length=20,
        choices=vocabulary.SCORING_METHOD_CHOICES,
        default=Method.MATCHPOINTS.value,
    )
    movement_type = models.CharField(
        _("mouvement"),
        max_length=20,
        choices=vocabulary.MOVEMENT_CHOICES,
        default=MovementKind.MITCHELL.value,
    )
    rounds = models.PositiveSmallIntegerField(
        _("nombre de tours"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text=_("Vide : autant de tours que le mouvement complet."),
    )
    boards_per_round = models.PositiveSmallIntegerField(
        _("étuis par tour"), default=3, validators=[MinValueValidator(1), MaxValueValidator(12)]
    )
    arrow_switch = models.BooleanField(
        _("tours inversés (classement unique en Mitchell)"), default=False
    )
    table_entry = models.BooleanField(_("saisie des résultats par les joueurs"), default=True)
    deals_mode = models.CharField(
        _("donnes"), max_length=20, choices=DealsMode.choices, default=DealsMode.GENERATED
    )
    arbiters_see_hands = models.BooleanField(
        _("les arbitres voient les mains avant la publication"), default=False
    )
    # Once the hands are released, any signed-in account may replay the boards against the
    # robots, not only the tournament's own players (docs/play.md).
    in_event = models.BooleanField(
        _("séance d'un simultané"),
        default=False,
        editable=False,
        help_text=_(
            "Séance d'un club dans un simultané (ou sa copie sur l'ordinateur du club) : ses "
            "donnes et ses résultats dépendent de l'événement."
        ),
    )
    replay_open_to_all = models.BooleanField(
        _("rejouer ouvert à tous"),
        default=False,
        help_text=_(
            "Une fois les donnes publiées, tout joueur connecté peut rejouer les étuis contre "
            "les robots, pas seulement les joueurs du tournoi."
        ),
    )
    # Players may enter results in every published round, not only in started ones.
    all_rounds_open = models.BooleanField(
        _("saisie ouverte dans tous les tours publiés"), default=False
    )
    minutes_per_board = models.PositiveSmallIntegerField(
        _("minutes par étui"), default=8, validators=[MinValueValidator(1)]
    )
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="organized_tournaments", blank=True
    )
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="arbitrated_tournaments", blank=True
    )
    plan_generated_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournoi")
        verbose_name_plural = _("tournois")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:public", args=[self.slug])

    def rule_settings(self):
        """The tournament's rules as the engine's RuleSettings value."""
        base = PRESETS.get(self.rules_preset, PRESETS[DEFAULT_PRESET]).to_dict()
        base.update(self.rules or {})
        return RuleSettings.from_dict(base)

    @property
    def hands_recorded(self) -> bool:
        return self.deals_mode != self.DealsMode.UNRECORDED


class Player(models.Model):
    """A player (joueur) registered in a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(_("prénom"), max_length=100)
    last_name = models.CharField(_("nom"), max_length=100)
    licence = models.CharField(_("numéro de licence"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player_entries",
    )
    # The same person in the club's registry (tournaments of a club): follows a merge of two
    # records; None for a tournament without a club, or a player typed before clubs existed.
    club_player = models.ForeignKey(
        ClubPlayer,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("joueur du club"),
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "licence"],
                condition=~models.Q(licence=""),
                name="unique_licence_per_tournament",
            )
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


class Team(models.Model):
    """A team (équipe): two players who sit opposite each other for the whole event."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveSmallIntegerField(_("numéro"), validators=[MinValueValidator(1)])
    name = models.CharField(_("nom de l'équipe"), max_length=200, blank=True)
    player_one = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    player_two = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    checked_in = models.BooleanField(_("pointée"), default=False)
    withdrawn = models.BooleanField(_("forfait"), default=False)
    # The team's own secrets, printed on its route card: the code it gives to enter or confirm
    # a result at its table, and the token of its own link (a phone that opened it is the team).
    # Codes are unique within a tournament: two teams with one code could not tell which of
    # them confirms.
    code = models.CharField(_("code de l'équipe"), max_length=8, default=new_team_code)
    token = models.CharField(max_length=40, unique=True, default=new_team_token, editable=False)
    # Wrong codes given at the tables of this team's rounds, across the whole event: past
    # ``results.services.MAX_CODE_FAILURES`` the code is refused everywhere (a four-digit code
    # must not be guessed by trying them all) until an arbiter unlocks it; its own link still
    # works. Counted by one conditional UPDATE (``results.services.team_by_code``).
    code_failures = models.PositiveSmallIntegerField(default=0)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("équipe")
        verbose_name_plural = _("équipes")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_team_number"),
            models.UniqueConstraint(fields=["tournament", "code"], name="unique_team_code"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.display_name}"

    def save(self, *args, **kwargs) -> None:
        """A new team draws its code again while another team of its tournament has it (the
        unique constraint refuses the rare concurrent twin)."""
        if self._state.adding and self.tournament_id is not None:
            taken = set(
                Team.objects.filter(tournament_id=self.tournament_id).values_list("code", flat=True)
            )
            draws = 0
            while self.code in taken and draws < _CODE_DRAWS:
                self.code = new_team_code()
                draws += 1
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:team", args=[self.tournament.slug, self.number])

    @property
    def display_name(self) -> str:
        return self.name or f"{self.player_one.last_name} – {self.player_two.last_name}"


class Round(models.Model):
    """A round (tour) of the table plan; published rounds are visible to players."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("tour"))
    published = models.BooleanField(_("publié"), default=False)
    hands_released = models.BooleanField(_("relevé des donnes publié"), default=False)
    started_at = models.DateTimeField(_("début"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        verbose_name = _("tour")
        verbose_name_plural = _("tours")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return str(_("Tour %(number)s") % {"number": self.number})


class Table(models.Model):
    """A physical table; its secret token is the table-entry URL printed as a QR code."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(max_length=40, unique=True, default=new_table_token, editable=False)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_table_number")
        ]

    def __str__(self) -> str:
        return str(_("Table %(number)s") % {"number": self.number})


class TableAssignment(models.Model):
    """One row of the table plan: in a round, at a table, NS and EW teams and the boards."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="assignments")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="assignments")
    ns_team = models.ForeignKey(
        Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="ns_assignments"
    )
    ew_team = models.ForeignKey(
        Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="ew_assignments"
    )
    # Board numbers played at this table in this round, in order.
    boards = models.JSONField(default=list)
    arrow_switch = models.BooleanField(default=False)

    class Meta:
        ordering = ["round__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_table_per_round")
        ]

    def __str__(self) -> str:
        return f"R{self.round.number} T{self.table.number}"

    @property
    def has_phantom(self) -> bool:
        return self.ns_team_id is None or self.ew_team_id is None

    def side_of(self, team) -> str | None:
        """The direction ("NS" or "EW") ``team`` sits in at this table, or None."""
        if team is None:
            return None
        for side, team_id in zip(Side, (self.ns_team_id, self.ew_team_id), strict=True):
            if team.pk == team_id:
                return side.value
        return None

    def team_of(self, side: str):
        return self.ns_team if Side(side) is Side.NS else self.ew_team

    def as_assignment(self) -> Assignment:
        """This row as the core's ``Assignment``, which knows where a team sits and whose hands
        it plays (``seat_of``, ``hands_of``); reads the round's and the table's numbers."""
        return Assignment(
            round=self.round.number,
            table=self.table.number,
            ns=self.ns_team_id,
            ew=self.ew_team_id,
            boards=tuple(self.boards),
            arrow_switch=self.arrow_switch,
        )


class TournamentEvent(models.Model):
    """The audit trail of a tournament's acts that are not results (journal): who opened the
    session, when, and what it changed."""

    class Action(models.TextChoices):
        OPEN_SESSION = "open_session", _("Ouverture de la séance")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    action = models.CharField(_("action"), max_length=30, choices=Action.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(_("le"), auto_now_add=True)
    # What the act changed: {"status": [before, after], "published": n, "started_round": 1}.
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["tournament", "at", "pk"]
        verbose_name = _("événement du tournoi")
        verbose_name_plural = _("événements du tournoi")

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.action} ({self.at:%Y-%m-%d %H:%M})"
